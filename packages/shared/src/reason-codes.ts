/*
 * The common Visa and Mastercard dispute reason codes the workspace explains. What each means and
 * what evidence wins it is worded in the web's locale catalogs, in the reasonGuide namespace under
 * each id (meaning, evidence), so a merchant reads it in their own language; this table only says
 * which codes exist and how a case's scheme and code find their entry. (Written so that the web build
 * does not read this file as naming the namespace: apps/web/build/locale-parts.ts would then ship the
 * guide with the texts of every screen instead of with the disputes screens.)
 */
export type TReasonGuide = {
  /** Catalog id: scheme letter and the code with dots as underscores (i18n keys cannot hold dots). */
  id: string;
  scheme: 'VISA' | 'MASTERCARD';
  code: string;
  /** A fraud reason (counts toward Visa VAMP / Mastercard fraud figures). */
  fraud: boolean;
};

const visa = (code: string, fraud = false): TReasonGuide => ({ id: `v${code.replaceAll('.', '_')}`, scheme: 'VISA', code, fraud });
const mc = (code: string, fraud = false): TReasonGuide => ({ id: `m${code}`, scheme: 'MASTERCARD', code, fraud });

export const REASON_GUIDES: readonly TReasonGuide[] = [
  visa('10.1', true),
  visa('10.2', true),
  visa('10.3', true),
  visa('10.4', true),
  visa('10.5', true),
  visa('11.1'),
  visa('11.2'),
  visa('11.3'),
  visa('12.1'),
  visa('12.5'),
  visa('12.6.1'),
  visa('12.6.2'),
  visa('13.1'),
  visa('13.2'),
  visa('13.3'),
  visa('13.5'),
  visa('13.6'),
  visa('13.7'),
  mc('4808'),
  mc('4831'),
  mc('4834'),
  mc('4837', true),
  mc('4840', true),
  mc('4841'),
  mc('4853'),
  mc('4855'),
  mc('4860'),
  mc('4863', true),
  mc('4870', true),
];

/** The table's entry for a case's scheme and reason code, or null when the table does not explain it. */
export function reasonGuideOf(scheme: string, code: string): TReasonGuide | null {
  const s = scheme.trim().toUpperCase();
  const c = code.trim();
  return REASON_GUIDES.find((g) => g.scheme === s && g.code === c) ?? null;
}

/** Visa 10.4 (card-absent fraud): the one code Compelling Evidence 3.0 answers. */
export const isCe3Case = (scheme: string, code: string): boolean => reasonGuideOf(scheme, code)?.id === 'v10_4';
