// The build's prerendered pictures of a page's first screen (web/shopper/shell/prerender.tsx,
// web/customer/prerender.tsx): several copies (language, brand, route) sit in one document, one shown, until the app
// replaces them. These tidy a copy's markup for that.

/** Gives a copy's ids (and the references to them) a suffix, so that no id repeats across the copies. */
export function suffixIds(html: string, suffix: string): string {
  return html
    .replace(
      /\s(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g,
      (_, name: string, ids: string) =>
        ` ${name}="${ids
          .split(' ')
          .map((id) => id + suffix)
          .join(' ')}"`,
    )
    .replace(/\shref="#([^"/][^"]*)"/g, (_, id: string) => ` href="#${id}${suffix}"`);
}

/**
 * A list's options but the chosen one: the picture of an empty form shows each list's "Select…" (the list waits for
 * the form: disabledLists), and fifty states in each copy would only make index.html longer to parse before the first
 * paint.
 */
export function withoutUnchosenOptions(html: string): string {
  return html.replace(/<option(?![^>]*\sselected="")[^>]*>[^<]*<\/option>/g, '');
}

/** Closed dialogs (the step's confirmations) show nothing, and their labels are only rendered when they open. */
export function withoutClosedDialogs(html: string): string {
  return html.replace(/<dialog(?![^>]*\sopen="")[^>]*><\/dialog>/g, '');
}

/** Fields are read-only until the app replaces the copy: typing into a picture would be lost. */
export function readonlyInputs(html: string): string {
  return html.replace(/<input /g, '<input readonly="" ');
}

/** Lists wait for the app (their options are not in the picture: withoutUnchosenOptions); text fields do not. */
export function disabledLists(html: string): string {
  return html.replace(/<select /g, '<select disabled="" ');
}
