/**
 * The few pieces of Python's string behaviour that the solver's messages and
 * JSON depend on, so that the browser's solver writes byte for byte what
 * ``python -m solver analyse --json`` writes: ``repr()`` of a string (the
 * solver quotes its input with ``!r``), ``json.dumps`` (ASCII only, ``", "``
 * and ``": "`` between items), and ``str.split()`` / ``str.strip()`` over
 * Python's whitespace.
 */

/** The characters ``str.isspace()`` accepts (``str.split()`` and ``str.strip()`` use them). */
const SPACE = "\t\n\u000b\u000c\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

export function isSpace(ch: string): boolean {
  return ch.length > 0 && SPACE.includes(ch);
}

/** ``text.split()``: the fields between runs of whitespace. */
export function pySplit(text: string): string[] {
  const fields: string[] = [];
  let current = "";
  for (const ch of text) {
    if (SPACE.includes(ch)) {
      if (current) fields.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (current) fields.push(current);
  return fields;
}

/** ``text.strip()``. */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE.includes(text[start])) start++;
  while (end > start && SPACE.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

/** ``len(text)``: code points, not UTF-16 units. */
export function pyLen(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** ``text.isascii() and text.isdigit()``. */
export function isAsciiDigits(text: string): boolean {
  return /^[0-9]+$/.test(text);
}

/** ``any(c.isalpha() for c in text)``. */
export function hasLetter(text: string): boolean {
  return /[\p{L}]/u.test(text);
}

// What repr() escapes beyond the ASCII controls: Python's "non-printable"
// characters (other, separators but the space).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** ``repr(text)`` of a Python string. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += "\\x" + hex(code, 2);
    else if (code < 0x7f) out += ch;
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      out += code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
    } else out += ch;
  }
  return out + quote;
}

/** A JSON string as ``json.dumps`` writes it (``ensure_ascii``). */
function jsonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const code = text.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (code < 0x20 || code > 0x7e) out += "\\u" + hex(code, 4);
    else out += ch;
  }
  return out + '"';
}

/** A JSON value (strings, integers, lists and objects) as ``json.dumps`` writes it. */
export function pyJson(value: unknown): string {
  if (typeof value === "string") return jsonString(value);
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "[" + value.map(pyJson).join(", ") + "]";
  return "{" + Object.entries(value as Record<string, unknown>).map(([k, v]) => `${jsonString(k)}: ${pyJson(v)}`).join(", ") + "}";
}
