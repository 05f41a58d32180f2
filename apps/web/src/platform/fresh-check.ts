/*
 * The fresh check before money moves (server: platform/fresh-check.ts): a guarded call refused with
 * code 1428 opens one prompt, whatever screen made the call (the request client asks here). The app
 * registers the prompt (app/app.tsx), which loads on demand, so the first screen's script does not
 * carry it and the prompt's own calls through the request client make no import cycle.
 */

type TOpenPrompt = () => Promise<boolean>;

let openPrompt: TOpenPrompt | null = null;
let open: Promise<boolean> | null = null;

export function registerFreshCheckPrompt(fn: TOpenPrompt | null): void {
  openPrompt = fn;
}

/**
 * Opens the prompt (or joins the one already open: several calls refused at once share it). Resolves
 * true once the person passed the check, false when they cancelled or the prompt could not load.
 */
export function passFreshCheck(): Promise<boolean> {
  const prompt = openPrompt;
  if (!prompt) return Promise.resolve(false);
  open ??= prompt()
    .catch(() => false)
    .finally(() => {
      open = null;
    });
  return open;
}
