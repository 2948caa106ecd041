import { Fragment, type ReactNode } from 'react';

/**
 * Inline formatting as React elements (docs/decisions/035): bold, italic, links to http, https and
 * mailto, line breaks. The server already keeps only these; this renderer builds elements for them and
 * text for everything else, so even a stored body written some other way never reaches the page as HTML.
 */
const SAFE_LINK = /^(https?:|mailto:)/i;

function toNodes(nodes: NodeListOf<ChildNode>, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const key = `${keyPrefix}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const children = toNodes(element.childNodes, key);
    switch (element.tagName.toLowerCase()) {
      case 'b':
      case 'strong':
        out.push(<strong key={key}>{children}</strong>);
        break;
      case 'i':
      case 'em':
        out.push(<em key={key}>{children}</em>);
        break;
      case 'br':
        out.push(<br key={key} />);
        break;
      case 'a': {
        const href = element.getAttribute('href')?.trim() ?? '';
        out.push(
          SAFE_LINK.test(href) ? (
            <a
              key={key}
              href={href}
              rel="noopener noreferrer nofollow"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {children}
            </a>
          ) : (
            <Fragment key={key}>{children}</Fragment>
          ),
        );
        break;
      }
      case 'script':
      case 'style':
      case 'template':
        break;
      default:
        out.push(<Fragment key={key}>{children}</Fragment>);
    }
  });
  return out;
}

export function InlineHtml({ html }: { html: string }) {
  if (!/[<&]/.test(html)) return <>{html}</>;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return <>{toNodes(doc.body.childNodes, 'n')}</>;
}

/** Whether inline HTML holds any visible text. */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '';
}
