import { clearLimits, limitsOf, resumeMerchantLinks, setLimits, type CardTestingLimits } from '../domains/links/card-testing';
import { toIso } from '../platform/time';
import { merchantScope, positiveInt, text, textOptions, UsageError, type Command } from './ops-common';

/** Operator commands of payment links: the card-testing limits (links/README.md "Card testing") and lifting a pause. */

const LIMIT_OPTIONS = { 'merchant-declines': 10_000, 'card-declines': 1_000, 'pause-minutes': 7 * 24 * 60 } as const;

function describe(l: CardTestingLimits): string {
  return [
    `  ${l.merchantDeclines} declines per hour over the merchant's links, then its links are paused for ${l.pauseMinutes} minutes`,
    `  ${l.cardDeclines} declines per hour of one card over all links, then the card is refused until the hour ends`,
  ].join('\n');
}

export const LINK_COMMANDS: Record<string, Command> = {
  'link:limits': {
    summary: 'show or set the card-testing limits of payment links (every merchant, or one with --merchant)',
    usage:
      'link:limits [--merchant 100001] [--merchant-declines 20] [--card-declines 5] [--pause-minutes 60] [--clear (the merchant uses the default again)]',
    options: { ...textOptions('merchant', 'merchant-declines', 'card-declines', 'pause-minutes'), clear: { type: 'boolean' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant');
      const merchantId = merchantNo === undefined ? 0 : (await merchantScope(db, merchantNo)).merchantId;
      const who = merchantNo === undefined ? 'default of every merchant without its own' : `merchant ${merchantNo}`;
      const given = (name: keyof typeof LIMIT_OPTIONS) => {
        const raw = text(values, name);
        return raw === undefined ? undefined : positiveInt(raw, `--${name}`, 1, LIMIT_OPTIONS[name]);
      };
      const changes = { merchant: given('merchant-declines'), card: given('card-declines'), pause: given('pause-minutes') };
      const changed = Object.values(changes).some((v) => v !== undefined);
      if (values.clear === true) {
        if (merchantId === 0) throw new UsageError('--clear needs --merchant (the default itself is set, not cleared)');
        if (changed) throw new UsageError("--clear takes no limit: it removes the merchant's own limits");
        const removed = await clearLimits(db, merchantId);
        console.log(`${who}: ${removed ? 'own limits removed' : 'had no limits of its own'}; it uses the default:`);
        console.log(describe(await limitsOf(db, merchantId)));
        return;
      }
      const current = await limitsOf(db, merchantId);
      const next: CardTestingLimits = {
        merchantDeclines: changes.merchant ?? current.merchantDeclines,
        cardDeclines: changes.card ?? current.cardDeclines,
        pauseMinutes: changes.pause ?? current.pauseMinutes,
      };
      if (changed) await setLimits(db, merchantId, next, now());
      console.log(`card-testing limits, ${who}${changed ? ' (updated)' : ''}:`);
      console.log(describe(next));
    },
  },

  'link:resume': {
    summary: "lift the pause the card-testing limit put on a merchant's payment links",
    usage: 'link:resume --merchant 100001',
    options: { merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant', true);
      const scope = await merchantScope(db, merchantNo);
      const at = now();
      const n = await resumeMerchantLinks(db, scope.merchantId, at);
      console.log(`merchant ${merchantNo}: ${n} paused link(s) take payments again (${toIso(at)})`);
    },
  },
};
