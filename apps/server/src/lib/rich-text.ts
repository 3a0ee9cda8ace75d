import sanitizeHtml from 'sanitize-html';

/**
 * What an operator may put in a rich text that members read (a promotion's body, an
 * announcement, a help article): text formatting, lists, headings, links and simple tables. No
 * images (they would load from anywhere: tracking), no scripts, styles, event attributes or
 * forms. Links open in a new tab without handing over the page.
 */
const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** The HTML as members will see it: reduced to RICH_TEXT_POLICY. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY).trim();
}
