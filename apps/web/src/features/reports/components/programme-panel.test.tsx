import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { storeSessionInfo } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { PROGRAMMES } from '../../../test/programme-factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { ProgrammePanel } from './programme-panel';

describe('card-scheme programme panel', () => {
  useSignedOutEnglishClient();

  it('shows each programme with its rules in force, the count gate, events left and the what-if of the open Ethoca alerts', async () => {
    storeSessionInfo(loginResult());
    mockFetch((url) => (url.pathname === '/v3api/statistics/programmes' ? envelope(PROGRAMMES) : undefined));
    renderRoutes('/s', { '/s': <ProgrammePanel /> });

    const vamp = await screen.findByTestId('programme-vamp');
    expect(within(vamp).getByTestId('programme-vamp-mtd').textContent).toBe('1.50%');
    // At the ratio but under the 1,500-event gate to date; the projection reaches the line.
    expect(within(vamp).getByTestId('programme-vamp-mtd-tier').textContent).toBe('Below every line');
    expect(within(vamp).getByTestId('programme-vamp-projected-tier').textContent).toBe('Excessive');
    const line = within(vamp).getByTestId('programme-line-vamp-excessive');
    expect(line.textContent).toContain('Excessive: ≥ 1.50% with at least 1,500 events');
    expect(line.textContent).toContain('in force from 2026-04-01');
    expect(within(line).getByTestId('programme-line-state').textContent).toBe('events left before it this month: 750');
    const whatIf = within(vamp).getByTestId('programme-vamp-whatif');
    expect(whatIf.textContent).toContain(
      'Open Ethoca alerts: 12. If they are refunded in time, the projected ratio becomes 1.49% (Below every line) instead of 1.50%.',
    );
    expect(whatIf.textContent).toContain('Disputes resolved by RDR this month: 10. They still count: RDR does not lower this ratio.');

    const ecp = screen.getByTestId('programme-ecp');
    expect(within(ecp).getByTestId('programme-line-ecp-ecm').textContent).toContain(
      'Excessive Chargeback Merchant (ECM): 1.50% to 2.99% with 100 to 299 events',
    );
    expect(within(ecp).getByTestId('programme-line-ecp-ecm').textContent).toContain('set for your account');
    expect(within(within(ecp).getByTestId('programme-line-ecp-ecm')).getByTestId('programme-line-state').textContent).toBe(
      'passed: more events do not bring the month into this band',
    );
    expect(within(ecp).getByTestId('programme-ecp-whatif').textContent).toBe(
      'No open Ethoca alerts: the projection holds no chargebacks to come.',
    );
    expect(ecp.textContent).toContain("Chargebacks 350 · Last month's sales 20,000");
  });
});
