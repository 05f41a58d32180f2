import type { ReactNode } from 'react';

/** A screen inside the layout: its title (tests and journeys find it as page-title) above its content. */
export function Page({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `mbo-page ${className}` : 'mbo-page'}>
      <h1 className="mbo-page-title" data-testid="page-title">
        {title}
      </h1>
      {children}
    </div>
  );
}
