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

/** The heading of a screen that is one message or one form (a result, sign-in steps); found as page-title unless said. */
export function ResultTitle({ testId = 'page-title', children }: { testId?: string; children: ReactNode }) {
  return (
    <h1 className="mbo-result-title" data-testid={testId}>
      {children}
    </h1>
  );
}
