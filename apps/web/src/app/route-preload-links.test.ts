import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteModules } from '../../build/route-preload-links';
import { BUILT_MENU_PAGES } from './routes';

const app = import.meta.dirname;
const features = resolve(app, '../features');

describe('the chunks the server asks a signed-in screen to preload (build/route-preload-links.ts)', () => {
  const table = readRouteModules(resolve(app, 'routes.tsx'), 'QueryScope', 'MainLayout');

  it('knows every menu screen and the dashboard, each with the data layer and the layout around it', () => {
    for (const path of [...Object.keys(BUILT_MENU_PAGES), '/index', '/']) {
      const modules = table.get(path);
      expect(modules, path).toBeDefined();
      expect(modules!.slice(0, 2)).toEqual([resolve(app, 'query-scope.tsx'), resolve(app, 'layout/main-layout.tsx')]);
    }
  });

  it("names a screen's own page module and the module of its first data", () => {
    expect(table.get('/merTradeMgr/initTradeRecordPage')).toEqual(
      expect.arrayContaining([
        resolve(features, 'transactions/pages/transaction-list-page.tsx'),
        resolve(features, 'transactions/transaction-list.ts'),
      ]),
    );
    expect(table.get('/index')).toEqual(
      expect.arrayContaining([
        resolve(features, 'dashboard/pages/dashboard-page.tsx'),
        resolve(features, 'dashboard/pages/dashboard-page-prefetch.ts'),
      ]),
    );
  });

  it('leaves out the screens outside the layout, which have no chunks to start early or no session yet', () => {
    expect(table.has('/loginNew')).toBe(false);
    expect(table.has('/register')).toBe(false);
  });
});
