/**
 * Translation for every user-visible string.
 *
 * Django's JavaScriptCatalog view (``{% url 'javascript-catalog' %}``) defines
 * ``window.gettext``, ``window.ngettext``, ``window.pgettext`` and
 * ``window.interpolate``.  When the
 * catalog is loaded we use it; otherwise the English msgid is returned (with
 * its ``%(name)s`` placeholders filled in), so the widget works without Django.
 *
 * Always pass a whole sentence as the msgid and let placeholders carry the
 * variable parts: never concatenate translated fragments.  When one English
 * word has two senses (the noun "Deal" heading a column, the verb on a
 * button), ``tc`` gives the msgid a context so each sense has its own
 * translation (a ``msgctxt`` in ``djangojs.po``).
 */

export type Params = Record<string, string | number>;

interface DjangoCatalog {
  gettext?: (msgid: string) => string;
  ngettext?: (singular: string, plural: string, count: number) => string;
  pgettext?: (context: string, msgid: string) => string;
  interpolate?: (fmt: string, obj: Params | unknown[], named?: boolean) => string;
}

function catalog(): DjangoCatalog {
  return (typeof window === "undefined" ? {} : window) as unknown as DjangoCatalog;
}

/** Fills ``%(name)s`` / ``%(name)d`` placeholders (``%%`` is a literal percent sign). */
export function fill(fmt: string, params?: Params): string {
  if (!params) return fmt;
  return fmt.replace(/%(?:\(([A-Za-z_][A-Za-z0-9_]*)\)[sd]|%)/g, (whole, name: string | undefined) => {
    if (name === undefined) return "%";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
  });
}

function interpolated(fmt: string, params?: Params): string {
  if (!params) return fmt;
  const { interpolate } = catalog();
  return typeof interpolate === "function" ? interpolate(fmt, params, true) : fill(fmt, params);
}

/** The translation of ``msgid``, with ``params`` filled into its ``%(name)s`` placeholders. */
export function t(msgid: string, params?: Params): string {
  const { gettext } = catalog();
  const fmt = typeof gettext === "function" ? gettext(msgid) : msgid;
  return interpolated(fmt, params);
}

/** The translation of ``msgid`` in the sense ``context`` names (its ``msgctxt``), with ``params`` filled in. */
export function tc(context: string, msgid: string, params?: Params): string {
  const { pgettext } = catalog();
  const fmt = typeof pgettext === "function" ? pgettext(context, msgid) : msgid;
  return interpolated(fmt, params);
}

/**
 * The plural-aware translation: ``singular`` when ``count`` is 1 in English,
 * else ``plural`` (the catalog picks the right form for other languages).
 * ``count`` is also available to the placeholders as ``%(count)s``.
 */
export function tn(singular: string, plural: string, count: number, params?: Params): string {
  const { ngettext } = catalog();
  const fmt = typeof ngettext === "function" ? ngettext(singular, plural, count) : count === 1 ? singular : plural;
  return interpolated(fmt, { count, ...params });
}
