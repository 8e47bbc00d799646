/**
 * The characters PDF's standard fonts can draw (WinAnsiEncoding, docs/decisions/0029): Latin-1
 * above 0xA0 and the typographic marks Windows-1252 puts in 0x80–0x9F.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const drawable = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
  );
};

/** Letters NFKD does not take apart, written as a reader of Latin script would spell them. */
const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  ŀ: 'l',
  Ŀ: 'L',
  ſ: 's',
};

/**
 * Text a buyer or owner typed, made drawable with the standard fonts: line breaks and tabs become
 * spaces, other control and format characters (bidi overrides, zero-width joiners) go, accented
 * letters outside Latin-1 lose their accents (Łódź → Lodz, Dvořák → Dvorak), and whatever is still
 * not drawable (other scripts, emoji) becomes "?", one per character, so no byte of it reaches the
 * PDF's content stream as anything but a known glyph.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC').replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')) {
    if (drawable(char)) {
      out += char;
      continue;
    }
    // Controls, format characters and marks left over after NFC (emoji variation selectors).
    if (/[\p{Cc}\p{Cf}\p{Cs}\p{M}]/u.test(char)) continue;
    const plain = (SPELLED[char] ?? char).normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...plain].every(drawable) && plain !== '' ? plain : '?';
  }
  return out;
}
