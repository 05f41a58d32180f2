import { useTranslation } from 'react-i18next';
import { ProgressFallback } from '../platform/progress';
import { settings } from '../platform/settings';
import { findTitleHandle, useRouteMatches } from './route-handle';

/**
 * What a route-level Suspense boundary shows while a screen's code or texts load: the progress bar and
 * the screen's title as its one `h1`, so the page has a heading from the first frame (a screen reader,
 * or an accessibility check, meets the title rather than an empty page). Inside the layout the title is
 * drawn where the screen will draw its own; outside it (sign-in, activation) the page is blank while it
 * loads, so the heading is there for assistive technology only.
 */
export function ScreenFallback({ visible = false }: { visible?: boolean }) {
  const { t, i18n } = useTranslation();
  const titleKey = findTitleHandle(useRouteMatches())?.titleKey;
  const title = titleKey && i18n.exists(titleKey) ? t(titleKey) : t(settings.titleKey);
  return (
    <>
      <ProgressFallback />
      <h1 className={visible ? 'mbo-page-title' : 'mbo-visually-hidden'} aria-busy="true" data-testid="screen-loading">
        {title}
      </h1>
    </>
  );
}
