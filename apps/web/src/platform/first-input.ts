/**
 * Resolves at the person's first input on the page (a tap, a click, a key, a wheel turn): the moment
 * to fetch code for parts that open only on request (a row's detail drawer, the search dialog, the
 * notification panel). Fetched while a phone draws its first screen, their code (several chunks
 * evaluated at once) held the main thread for long tasks in the seconds after the first content,
 * when the person starts to read and scroll; fetched at the first input, it is still here before a
 * second tap opens the part, and a part opened at once fetches its own code anyway.
 */
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let firstInput: Promise<void> | null = null;

export function afterFirstInput(): Promise<void> {
  firstInput ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const name of EVENTS) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of EVENTS) window.addEventListener(name, done, { capture: true, passive: true });
  });
  return firstInput;
}
