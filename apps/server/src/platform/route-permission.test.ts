import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { ZEmptyData } from '@mbo/shared/envelope';
import type { TPermission } from '@mbo/shared/permissions';
import { createTestApp } from '../../test/helpers';
import { okResponse } from './envelope';

/** Registers a route that declares `permission`; the cast is how a misspelt name could still reach the check at start. */
function routeWith(permission: string) {
  return (app: FastifyInstance) => {
    app.get(
      `${API_BASE}/test/permission`,
      { config: { permission: permission as TPermission }, schema: { response: okResponse(ZEmptyData) } },
      () => null,
    );
  };
}

describe('route permissions', () => {
  it('are the catalog names: a misspelt operation does not compile, and is refused at start if it is forced through', async () => {
    const typed = (app: FastifyInstance) => {
      app.get(
        `${API_BASE}/test/typed`,
        { config: { permission: 'TradeRecord:Downloads' }, schema: { response: okResponse(ZEmptyData) } },
        () => null,
      );
      app.get(
        `${API_BASE}/test/misspelt`,
        // @ts-expect-error 'TradeRecord:Download' (no s) is not a permission of the catalog.
        { config: { permission: 'TradeRecord:Download' }, schema: { response: okResponse(ZEmptyData) } },
        () => null,
      );
    };
    expect(typeof typed).toBe('function');
    await expect(createTestApp({ extend: routeWith('TradeRecord:Download') })).rejects.toThrow(/unknown permission TradeRecord:Download/);
    const t = await createTestApp({ extend: routeWith('TradeRecord:Downloads') });
    await t.close();
  });
});
