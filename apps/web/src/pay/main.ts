import { canonicalAmountInput, toMajorString } from '@mbo/shared/money';
import type { TAddress, TPayPage, TPayResultData } from '@mbo/shared/links';
import { PAY_LANGS, PAY_TEXTS, languageOf, type TPayLang, type TPayTextKey } from './texts';
import './pay.css';

/*
 * The hosted payment page a customer opens from a payment link (/pay/{key}). Plain DOM and no UI
 * library, so its whole script stays a few kilobytes: it is not the back office. It reads the link
 * from the public API, shows what the merchant set, and posts one payment with an Idempotency-Key.
 */

const API = '/v3api';
const LANG_KEY = 'mbo.pay.lang';
const key = decodeURIComponent(window.location.pathname.split('/').filter(Boolean)[1] ?? '');
const root = document.getElementById('pay') as HTMLElement;

/** One key per submission; getRandomValues works outside a secure context too (randomUUID does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

let lang: TPayLang = (() => {
  const saved = readSaved();
  return saved === 'zhCn' || saved === 'zhHk' || saved === 'en' ? saved : languageOf(navigator.languages);
})();
let page: TPayPage | null = null;
let loadError: string | null = null;
let result: { kind: 'ok' | 'error'; text: string } | null = null;
let busy = false;
const values: Record<string, string> = {};

const tr = (k: TPayTextKey, params: Record<string, string> = {}) =>
  PAY_TEXTS[lang][k].replace(/\{(\w+)\}/g, (w, n: string) => params[n] ?? w);
const header = () => PAY_LANGS.find((l) => l.lang === lang)?.header ?? 'en_US';

type TChild = Node | string | null | false;
function h(tag: string, attrs: Record<string, string | boolean> = {}, ...children: TChild[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== false) el.append(c);
  return el;
}

const money = (minor: number) => (page ? `${toMajorString(minor, page.currency)} ${page.currency}` : '');

function field(name: string, label: string, o: { type?: string; auto?: string; required?: boolean; mode?: string; max?: number } = {}) {
  const id = `f-${name}`;
  const input = h('input', {
    id,
    name,
    type: o.type ?? 'text',
    autocomplete: o.auto ?? 'off',
    required: o.required ?? false,
    inputmode: o.mode ?? false,
    maxlength: String(o.max ?? 100),
    'data-testid': `pay-${name}`,
  }) as HTMLInputElement;
  input.value = values[name] ?? '';
  input.addEventListener('input', () => {
    values[name] = input.value;
  });
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function addressFields(prefix: 'billing' | 'shipping', prefill: TAddress) {
  const parts: [keyof TAddress, TPayTextKey, string][] = [
    ['name', 'name', 'name'],
    ['country', 'country', 'country'],
    ['state', 'state', 'address-level1'],
    ['city', 'city', 'address-level2'],
    ['address', 'address', 'street-address'],
    ['zip', 'zip', 'postal-code'],
    ['phone', 'phone', 'tel'],
  ];
  for (const [k] of parts) if (values[`${prefix}.${k}`] === undefined && prefill[k]) values[`${prefix}.${k}`] = prefill[k] ?? '';
  return h(
    'fieldset',
    {},
    h('legend', {}, tr(prefix)),
    ...parts.map(([k, label, auto]) =>
      field(`${prefix}.${k}`, tr(label), {
        auto: `${prefix} ${auto}`,
        required: k === 'country' || k === 'address',
        max: k === 'country' ? 2 : 100,
      }),
    ),
  );
}

function address(prefix: string): TAddress {
  const pick = (k: string) => (values[`${prefix}.${k}`] ?? '').trim() || undefined;
  return {
    name: pick('name'),
    country: pick('country'),
    state: pick('state'),
    city: pick('city'),
    address: pick('address'),
    zip: pick('zip'),
    phone: pick('phone'),
  };
}

async function submit(event: Event) {
  event.preventDefault();
  if (!page || busy) return;
  busy = true;
  result = null;
  render();
  const body = {
    ...(page.amount === null ? { amount: canonicalAmountInput(values.amount ?? '') } : {}),
    email: (values.email ?? '').trim(),
    card: {
      number: (values.number ?? '').replace(/\s/g, ''),
      expiry: (values.expiry ?? '').trim(),
      cvc: (values.cvc ?? '').trim(),
      holder: (values.holder ?? '').trim(),
    },
    ...(page.collectBilling ? { billing: address('billing') } : {}),
    ...(page.collectShipping ? { shipping: address('shipping') } : {}),
  };
  try {
    const res = await fetch(`${API}/pay/${encodeURIComponent(key)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: header(), 'idempotency-key': newKey() },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: number; msg: string; data: TPayResultData | null };
    if (env.code === 0 && env.data) {
      const d = env.data;
      result = {
        kind: d.result === 'approved' ? 'ok' : 'error',
        text: tr(`result_${d.result}`, { tradeNo: d.tradeNo, amount: `${toMajorString(d.amount, d.currency)} ${d.currency}` }),
      };
      if (d.result === 'approved') {
        values.number = '';
        values.cvc = '';
        await load();
      }
    } else result = { kind: 'error', text: env.msg };
  } catch {
    result = { kind: 'error', text: tr('network') };
  }
  busy = false;
  render();
}

function form(p: TPayPage): HTMLElement {
  const amountField =
    p.amount === null
      ? h(
          'div',
          {},
          field('amount', `${tr('amount')} (${p.currency})`, { required: true, mode: 'decimal', max: 32 }),
          h(
            'p',
            { class: 'hint', id: 'amount-hint' },
            p.minAmount !== null && p.maxAmount !== null
              ? tr('amountHint', { min: money(p.minAmount), max: money(p.maxAmount) })
              : p.minAmount !== null
                ? tr('amountMin', { min: money(p.minAmount) })
                : p.maxAmount !== null
                  ? tr('amountMax', { max: money(p.maxAmount) })
                  : '',
          ),
        )
      : null;
  const wallets = p.methods.filter((m) => m !== 'card');
  return h(
    'form',
    { novalidate: false, 'data-testid': 'pay-form' },
    amountField,
    field('email', tr('email'), { type: 'email', auto: 'email', required: true }),
    p.collectBilling && addressFields('billing', p.prefill),
    p.collectShipping && addressFields('shipping', p.prefill),
    h(
      'fieldset',
      {},
      h('legend', {}, tr('card')),
      h('p', { class: 'hint' }, `${tr('methods')}: ${p.methods.map((m) => tr(`method_${m}` as TPayTextKey)).join(' · ')}`),
      wallets.length > 0 && h('p', { class: 'hint' }, tr('walletNote')),
      field('number', tr('cardNumber'), { auto: 'cc-number', required: true, mode: 'numeric', max: 23 }),
      h(
        'div',
        { class: 'row' },
        field('expiry', tr('expiry'), { auto: 'cc-exp', required: true, max: 5 }),
        field('cvc', tr('cvc'), { auto: 'cc-csc', required: true, mode: 'numeric', max: 4 }),
      ),
      field('holder', tr('holder'), { auto: 'cc-name', required: true }),
      h('p', { class: 'hint' }, tr('secure')),
    ),
    h(
      'button',
      { type: 'submit', class: 'pay', disabled: busy, 'data-testid': 'pay-submit' },
      busy ? tr('paying') : p.amount !== null ? tr('pay', { amount: money(p.amount) }) : tr('payNoAmount'),
    ),
  );
}

function resultLine(r: { kind: 'ok' | 'error'; text: string }) {
  return h('p', { class: r.kind === 'ok' ? 'result ok' : 'result error', role: 'alert', 'data-testid': 'pay-result' }, r.text);
}

function render() {
  document.documentElement.lang = PAY_LANGS.find((l) => l.lang === lang)?.html ?? 'en';
  const select = h('select', { id: 'pay-lang', 'data-testid': 'pay-lang' }) as HTMLSelectElement;
  for (const l of PAY_LANGS) select.append(h('option', { value: l.lang, selected: l.lang === lang }, l.label));
  select.addEventListener('change', () => {
    lang = select.value as TPayLang;
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // Private browsing without storage: the choice lasts for this page.
    }
    void load();
  });
  const top = h(
    'header',
    {},
    h('span', { class: 'merchant', 'data-testid': 'pay-merchant' }, page?.operatingName ?? ''),
    h('span', { class: 'lang' }, h('label', { for: 'pay-lang' }, tr('lang')), select),
  );
  const content: TChild[] = [];
  if (loadError !== null) content.push(h('h1', {}, loadError));
  else if (!page) content.push(h('p', {}, tr('loading')));
  else {
    document.title = `${page.title} · ${page.operatingName}`;
    content.push(h('h1', { 'data-testid': 'pay-title' }, page.title));
    if (page.description) content.push(h('p', { class: 'description' }, page.description));
    if (page.amount !== null) content.push(h('p', { class: 'amount', 'data-testid': 'pay-fixed-amount' }, money(page.amount)));
    if (page.customerMessage) content.push(h('p', { class: 'message' }, page.customerMessage));
    // Right after a successful payment its confirmation says it all; the "already paid" notice is for later visits.
    if (result) content.push(resultLine(result));
    if (!page.unavailable) content.push(form(page));
    else if (result?.kind !== 'ok')
      content.push(h('p', { class: 'notice', role: 'status', 'data-testid': 'pay-unavailable' }, tr(`unavailable_${page.unavailable}`)));
  }
  if (!page && result) content.push(resultLine(result));
  const main = h('div', { class: 'card' }, ...content);
  root.replaceChildren(top, main);
  root.querySelector('form')?.addEventListener('submit', (e) => void submit(e));
}

async function load() {
  try {
    const res = await fetch(`${API}/pay/${encodeURIComponent(key)}`, { headers: { lang: header() } });
    const env = (await res.json()) as { code: number; msg: string; data: TPayPage | null };
    if (env.code === 0 && env.data) {
      page = env.data;
      loadError = null;
    } else loadError = env.msg || tr('notFound');
  } catch {
    loadError = tr('network');
  }
  render();
}

render();
void load();
