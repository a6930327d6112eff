import { SITEMAP_NAMESPACE, XHTML_NAMESPACE } from './sitemap.js';

/** One `<url>` of a sitemap as read by `checkSitemap`. */
export interface CheckedUrl {
  loc: string;
  lastmod?: string;
  alternates: Record<string, string>;
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const CHANGEFREQ = new Set(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']);
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const URL_ORDER = ['loc', 'lastmod', 'changefreq', 'priority'];

/**
 * Checks a sitemap against the constraints of the sitemaps.org 0.9 schema (sitemap.xsd) and
 * protocol: a `urlset` in its namespace holding at most 50,000 `url`s and 50 MB; in each, one `loc`
 * (an absolute http(s) URL of 12 to 2,048 characters) then optional `lastmod` (W3C date),
 * `changefreq` (its seven values) and `priority` (0.0 to 1.0), in that order; elements of other
 * namespaces allowed (here `xhtml:link rel="alternate"` with `hreflang` and an absolute `href`);
 * well-formed XML with `&` only in entities. Throws on the first breach; answers the URLs.
 */
export function checkSitemap(xml: string): CheckedUrl[] {
  if (Buffer.byteLength(xml) > 50 * 1024 * 1024) throw new Error('sitemap larger than 50 MB');
  const root = parseXml(xml);
  if (root.name !== 'urlset') throw new Error(`root element is <${root.name}>, not <urlset>`);
  if (root.attributes.xmlns !== SITEMAP_NAMESPACE) throw new Error(`urlset namespace is not ${SITEMAP_NAMESPACE}`);
  const prefixes = Object.fromEntries(
    Object.entries(root.attributes)
      .filter(([name]) => name.startsWith('xmlns:'))
      .map(([name, value]) => [name.slice('xmlns:'.length), value]),
  );
  const urls = root.children.filter((child) => !child.name.includes(':'));
  if (urls.some((child) => child.name !== 'url')) throw new Error('urlset holds an element other than <url>');
  if (urls.length > 50_000) throw new Error('more than 50,000 URLs');
  return urls.map((url) => {
    const own = url.children.filter((child) => !child.name.includes(':'));
    const order = own.map((child) => URL_ORDER.indexOf(child.name));
    const unknown = own.find((child) => !URL_ORDER.includes(child.name));
    if (unknown) throw new Error(`<url> holds <${unknown.name}>, not in the schema`);
    if (order[0] !== 0 || order.some((index, i) => i > 0 && index <= order[i - 1]!)) {
      throw new Error('<url> needs one <loc> first, then lastmod, changefreq, priority at most once each, in order');
    }
    const loc = own[0]!.text;
    absoluteUrl(loc, '<loc>');
    for (const child of own.slice(1)) {
      if (child.name === 'lastmod' && !W3C_DATETIME.test(child.text)) throw new Error(`lastmod ${child.text}`);
      if (child.name === 'changefreq' && !CHANGEFREQ.has(child.text)) throw new Error(`changefreq ${child.text}`);
      if (child.name === 'priority' && !/^(0(\.\d+)?|1(\.0+)?)$/.test(child.text))
        throw new Error(`priority ${child.text}`);
    }
    const alternates: Record<string, string> = {};
    for (const other of url.children.filter((child) => child.name.includes(':'))) {
      const [prefix = '', local] = other.name.split(':');
      if (!prefixes[prefix]) throw new Error(`undeclared namespace prefix ${prefix}`);
      if (prefixes[prefix] === XHTML_NAMESPACE && local === 'link') {
        const { rel, hreflang, href } = other.attributes;
        if (rel !== 'alternate' || !hreflang || !href)
          throw new Error('xhtml:link needs rel="alternate", hreflang and href');
        if (!/^([a-z]{2,3}(-[A-Za-z]{2,4})?|x-default)$/.test(hreflang)) throw new Error(`hreflang ${hreflang}`);
        alternates[hreflang] = absoluteUrl(href, 'xhtml:link href');
      }
    }
    const lastmod = own.find((child) => child.name === 'lastmod')?.text;
    return { loc, ...(lastmod === undefined ? {} : { lastmod }), alternates };
  });
}

function absoluteUrl(value: string, where: string): string {
  if (value.length < 12 || value.length > 2048) throw new Error(`${where} of ${value.length} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${where} ${value} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${where} ${value} is not an absolute http(s) URL`);
  return value;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) throw new Error(`unescaped & in ${text}`);
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_whole, entity: string) =>
    entity.startsWith('#x')
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number(entity.slice(1)))
        : ENTITIES[entity]!,
  );
}

/** A strict reader of the XML a sitemap uses: declaration, elements, attributes, text, no DTD. */
function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  if (/<!DOCTYPE|<!\[CDATA\[/.test(body)) throw new Error('no DTD or CDATA expected in a sitemap');
  const tokens = body.match(/<[^>]*>|[^<]+/g) ?? [];
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  for (const token of tokens) {
    if (token.startsWith('<!--')) continue;
    if (token.startsWith('</')) {
      const name = token.slice(2, -1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      open.text = decode(open.text.trim());
      continue;
    }
    if (token.startsWith('<')) {
      const selfClosing = token.endsWith('/>');
      const inner = token.slice(1, selfClosing ? -2 : -1).trim();
      const match = /^([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([\s\S]*)$/.exec(inner);
      if (!match) throw new Error(`malformed tag ${token}`);
      const attributes: Record<string, string> = {};
      const rest = match[2]!.replace(/\s+([\w:.-]+)="([^"<]*)"/g, (_whole, name: string, value: string) => {
        if (name in attributes) throw new Error(`attribute ${name} twice`);
        attributes[name] = decode(value);
        return '';
      });
      if (rest.trim()) throw new Error(`malformed attributes in ${token}`);
      const element: XmlElement = { name: match[1]!, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error('more than one root element');
      else root = element;
      if (!selfClosing) stack.push(element);
      continue;
    }
    const parent = stack.at(-1);
    if (!parent) {
      if (token.trim()) throw new Error('text outside the root element');
      continue;
    }
    parent.text += token;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
}
