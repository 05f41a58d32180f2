import { Suspense, useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession, getToken, storeSessionInfo, useSession } from '../platform/session';
import { doneProgress, startProgress } from '../platform/progress';
import { ScreenFallback } from './screen-fallback';
import { checkForNewVersion } from '../platform/version-check';
import { showErrorToast } from '../platform/request-ui';
import { RequestError } from '../platform/request';
import { settings } from '../platform/settings';
import { loadSessionInfo } from '../features/auth/api/get-session-info';
import { decideNavigation, deriveUpgradeRequired } from './guard-decision';
import { findTitleHandle, useRouteMatches } from './route-handle';

/** Page title: "<route title> - <product title>" (spec §2, dynamicTitle). */
function usePageTitle(): void {
  const { t, i18n } = useTranslation();
  const titleKey = findTitleHandle(useRouteMatches())?.titleKey;
  useEffect(() => {
    const product = t(settings.titleKey);
    document.title = settings.dynamicTitle && titleKey ? `${t(titleKey)} - ${product}` : product;
  }, [titleKey, t, i18n.language]);
}

/** A short progress bar on every navigation; lazy screens keep it running until they arrive. */
function useNavigationProgress(key: string): void {
  useEffect(() => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      doneProgress();
    };
    startProgress();
    const frame = window.requestAnimationFrame(finish);
    return () => {
      window.cancelAnimationFrame(frame);
      finish();
    };
  }, [key]);
}

/**
 * The navigation guard (spec §4). As the root route's element it sees every location before the
 * target renders: it either lets the route render, redirects, or loads user info first.
 */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useRouteMatches();
  const session = useSession();
  const hasToken = Boolean(getToken());

  const decision = decideNavigation(location, {
    hasToken,
    userLoaded: session.loaded,
    forceChangePwd: session.userInfo?.forceChangePwd === true,
    kycInfo: session.kycInfo,
    upgradeRequired: deriveUpgradeRequired(session),
    moreBusinessCount: session.moreBusinessNameList.length,
    exitTo: session.exitTo,
  });

  usePageTitle();
  useNavigationProgress(location.key);

  const latestLocation = useRef(location);
  latestLocation.current = location;

  // Step 2: token but no user info in memory (first visit after a reload).
  const needsUser = decision.kind === 'loadUser';
  useEffect(() => {
    if (!needsUser) return;
    let active = true;
    startProgress();
    loadSessionInfo()
      .then(
        (info) => {
          if (!active) return;
          storeSessionInfo(info);
          const { pathname, search, hash } = latestLocation.current;
          void navigate(`${pathname}${search}${hash}`, { replace: true });
        },
        (error: unknown) => {
          if (!active) return;
          clearSession('/loginNew');
          showErrorToast(error instanceof RequestError ? error.message : t('request.unknownError'));
          void navigate('/loginNew', { replace: true });
        },
      )
      .finally(doneProgress);
    return () => {
      active = false;
    };
  }, [needsUser, navigate, t]);

  // Step 3: the version check runs on each navigation once user info is loaded.
  useEffect(() => {
    if (session.loaded && hasToken) void checkForNewVersion();
  }, [location.key, session.loaded, hasToken]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser') return <Spin fullscreen description={t('common.loading')} data-testid="guard-loading" />;

  // A fresh boundary per top-level route group (sign-in, or everything behind the data layer), so a
  // lazy chunk shows the progress bar rather than leaving the previous screen up while it loads.
  const group = matches[1]?.route.id ?? 'root';
  return (
    <Suspense key={group} fallback={<ScreenFallback />}>
      <Outlet />
    </Suspense>
  );
}
