import { provinces } from '@portal/shared/provinces';
import type { ComboOption } from '@portal/shared/schemas/combos';
import type { Paged } from '@portal/shared/schemas/paging';
import type { PublicPosatore, PublicPosatoriQuery } from '@portal/shared/schemas/public-posatori';
import type { PublicDetail } from './public-posatori.service.ts';

/**
 * The public locator's pages, written on the server (docs/decisions/0027-public-locator.md): complete HTML with the
 * installers in it, no script, one small inline style sheet. Every value from the database or the request goes
 * through `esc`; the templates below never put a raw value in the markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const SITE = 'Portale Posatori';

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
a{color:#0b4f8a}header,main,footer{max-width:64rem;margin:0 auto;padding:0 1rem}header{padding-top:.75rem}
.brand{font-weight:700;text-decoration:none;color:#123}h1{font-size:1.6rem;margin:.75rem 0}h2{font-size:1.2rem;margin:.25rem 0}
form.search{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));align-items:end;background:#fff;padding:1rem;border-radius:8px}
label{display:block;font-weight:600;margin-bottom:.25rem}input,select,textarea,button{font:inherit;width:100%;padding:.55rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit}
button{background:#0b4f8a;color:#fff;border-color:#0b4f8a;font-weight:600;cursor:pointer;min-height:44px}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
ul.cards{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
.card{background:#fff;border-radius:8px;padding:1rem;display:flex;gap:.75rem;align-items:flex-start}
.card p,.facts dd{margin:0}.photo{width:72px;height:72px;border-radius:50%;object-fit:cover;flex:none;background:#dbe4ee}
.initials{display:flex;align-items:center;justify-content:center;font-weight:700;color:#123}
.cert{display:inline-block;background:#14532d;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.875rem}
nav.pager{display:flex;gap:1rem;align-items:center;justify-content:center;margin:1rem 0}nav.pager a{padding:.6rem .9rem;background:#fff;border-radius:6px}
.profile{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}.profile .photo{width:120px;height:120px}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;background:#fff;padding:1rem;border-radius:8px}.facts dt{font-weight:600}
ul.gallery{list-style:none;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}ul.gallery img{width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:6px;display:block}
form.contact{background:#fff;padding:1rem;border-radius:8px;display:grid;gap:.9rem;max-width:40rem}.check{display:flex;gap:.5rem;align-items:flex-start}.check input{width:auto;margin-top:.35rem}.check label{font-weight:400}
.err{color:#991b1b;font-weight:600}.notice{background:#fff;border-left:4px solid #0b4f8a;padding:.75rem 1rem}.alert{border-left-color:#991b1b}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}footer{padding:2rem 1rem;color:#374151}`;

type Head = { title: string; description: string; canonical: string; image?: string | undefined; noindex?: boolean };

function page(head: Head, body: string): string {
  const image = head.image ? `<meta property="og:image" content="${esc(head.image)}">` : '';
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(head.title)}</title>
<meta name="description" content="${esc(head.description)}">
${head.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${esc(head.canonical)}">`}
<meta property="og:type" content="website">
<meta property="og:site_name" content="${SITE}">
<meta property="og:locale" content="it_IT">
<meta property="og:title" content="${esc(head.title)}">
<meta property="og:description" content="${esc(head.description)}">
<meta property="og:url" content="${esc(head.canonical)}">
${image}
<style>${CSS}</style>
</head>
<body>
<header><a class="brand" href="/trova-posatore">${SITE}</a></header>
<main>
${body}
</main>
<footer><p>I posatori pubblicati hanno scelto di essere visibili su questa pagina.</p></footer>
</body>
</html>`;
}

const fullName = (p: { name: string; lastname: string }) => `${p.name} ${p.lastname}`.trim();
const place = (p: { city: string; state: string }) => (p.state ? `${p.city} (${p.state})` : p.city);

function photo(p: PublicPosatore, size: number): string {
  if (p.img) {
    return `<img class="photo" src="${esc(p.img)}" alt="Foto di ${esc(fullName(p))}" width="${size}" height="${size}" loading="lazy" decoding="async">`;
  }
  const initials = `${p.name.slice(0, 1)}${p.lastname.slice(0, 1)}`.toUpperCase();
  return `<span class="photo initials" aria-hidden="true">${esc(initials)}</span>`;
}

const qualification = (p: PublicPosatore) =>
  `Qualifica: ${esc(p.destipo)}${p.certificato ? ' <span class="cert">Certificato</span>' : ''}`;

function card(p: PublicPosatore): string {
  return `<li class="card">${photo(p, 72)}<div>
<h2><a href="${esc(p.url)}">${esc(fullName(p))}</a></h2>
${p.azienda ? `<p>${esc(p.azienda)}</p>` : ''}<p>${esc(place(p))}</p><p>${qualification(p)}</p>
</div></li>`;
}

/** The list's own address for a query: the filters that define it, in one order (canonical and pager links). */
export function listHref(q: PublicPosatoriQuery, page?: number): string {
  const params = new URLSearchParams();
  if (q.prov) params.set('prov', q.prov);
  if (q.tipo) params.set('tipo', q.tipo);
  if (q.q) params.set('q', q.q);
  if (page && page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `/trova-posatore?${s}` : '/trova-posatore';
}

const option = (value: string, label: string, selected: string | undefined) =>
  `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`;

function searchForm(q: PublicPosatoriQuery, tipi: ComboOption[]): string {
  const provOptions = provinces.map((p) => option(p.sigla, `${p.name} (${p.sigla})`, q.prov)).join('');
  const tipoOptions = tipi.map((t) => option(t.value, t.label, q.tipo)).join('');
  return `<form class="search" method="get" action="/trova-posatore" role="search">
<div><label for="prov">Provincia</label><select id="prov" name="prov"><option value="">Tutte</option>${provOptions}</select></div>
<div><label for="tipo">Qualifica</label><select id="tipo" name="tipo"><option value="">Tutte</option>${tipoOptions}</select></div>
<div><label for="q">Nome</label><input id="q" name="q" type="search" value="${esc(q.q ?? '')}" autocomplete="off"></div>
<div><button type="submit">Cerca</button></div>
</form>`;
}

function pager(q: PublicPosatoriQuery, list: Paged<PublicPosatore>): string {
  if (list.pages <= 1) return '';
  const prev = list.page > 1 ? `<a href="${esc(listHref(q, list.page - 1))}" rel="prev">Pagina precedente</a>` : '';
  const next =
    list.page < list.pages ? `<a href="${esc(listHref(q, list.page + 1))}" rel="next">Pagina successiva</a>` : '';
  return `<nav class="pager" aria-label="Pagine dei risultati">${prev}<span>Pagina ${list.page} di ${list.pages}</span>${next}</nav>`;
}

export function listPageHtml(
  origin: string,
  q: PublicPosatoriQuery,
  list: Paged<PublicPosatore>,
  tipi: ComboOption[],
): string {
  const where = q.prov ? ` in provincia di ${provinces.find((p) => p.sigla === q.prov)?.name ?? q.prov}` : '';
  const title = `Trova un posatore${where} | ${SITE}`;
  const found =
    list.reccount === 0
      ? '<p class="notice" role="status">Nessun posatore trovato con questi criteri.</p>'
      : `<p role="status">${list.reccount === 1 ? '1 posatore trovato' : `${list.reccount.toLocaleString('it-IT')} posatori trovati`}</p>`;
  const body = `<h1>Trova un posatore${esc(where)}</h1>
${searchForm(q, tipi)}
${found}
<ul class="cards">${list.data.map(card).join('\n')}</ul>
${pager(q, list)}`;
  return page(
    {
      title,
      description: `Posatori qualificati e certificati${where}: nome, azienda, località e qualifica.`,
      canonical: `${origin}${listHref(q, list.page)}`,
    },
    body,
  );
}

export type ContactForm = {
  values: Record<string, string>;
  fields: Record<string, string>;
};

const fieldError = (form: ContactForm | undefined, name: string) => {
  const problem = form?.fields[name];
  return problem
    ? {
        attrs: ` aria-invalid="true" aria-describedby="${name}-err"`,
        text: `<p class="err" id="${name}-err">${esc(problem)}</p>`,
      }
    : { attrs: '', text: '' };
};

function contactForm(p: PublicDetail, form: ContactForm | undefined): string {
  const v = (name: string) => esc(form?.values[name] ?? '');
  const [nome, contatto, messaggio, consenso] = [
    fieldError(form, 'nome'),
    fieldError(form, 'contatto'),
    fieldError(form, 'messaggio'),
    fieldError(form, 'consenso'),
  ];
  const summary = form
    ? `<p class="notice alert" role="alert">La richiesta non è stata inviata: correggere i campi indicati.</p>`
    : '';
  return `<form class="contact" method="post" action="${esc(p.url)}/contatto" novalidate>
${summary}
<div><label for="nome">Nome e cognome</label><input id="nome" name="nome" autocomplete="name" required maxlength="100" value="${v('nome')}"${nome.attrs}>${nome.text}</div>
<div><label for="contatto">E-mail o telefono</label><input id="contatto" name="contatto" autocomplete="email" required maxlength="100" value="${v('contatto')}"${contatto.attrs}>${contatto.text}</div>
<div><label for="messaggio">Messaggio</label><textarea id="messaggio" name="messaggio" rows="5" required maxlength="2000"${messaggio.attrs}>${v('messaggio')}</textarea>${messaggio.text}</div>
<div class="hp" aria-hidden="true"><label for="sito">Lasciare vuoto questo campo</label><input id="sito" name="sito" tabindex="-1" autocomplete="off"></div>
<div class="check"><input id="consenso" name="consenso" type="checkbox" required${form?.values['consenso'] === 'on' ? ' checked' : ''}${consenso.attrs}><label for="consenso">Acconsento al trattamento dei miei dati per essere ricontattato da questo posatore.</label></div>${consenso.text}
<div><button type="submit">Invia la richiesta</button></div>
</form>`;
}

export function detailPageHtml(origin: string, p: PublicDetail, form?: ContactForm): string {
  const name = fullName(p);
  const gallery =
    p.gallery.length === 0
      ? '<p>Nessuna realizzazione pubblicata.</p>'
      : `<ul class="gallery">${p.gallery
          .map(
            (g, i) =>
              `<li><a href="${esc(g.urlreal)}"><img src="${esc(g.url)}" alt="Realizzazione ${i + 1} di ${esc(name)}" width="320" height="320" loading="lazy" decoding="async"></a></li>`,
          )
          .join('')}</ul>`;
  const contact = p.contactable ? `<h2 id="contatta">Contatta ${esc(name)}</h2>${contactForm(p, form)}` : '';
  const body = `<p><a href="/trova-posatore">Torna all’elenco dei posatori</a></p>
<div class="profile">${photo(p, 120)}<h1>${esc(name)}</h1></div>
<dl class="facts">
${p.azienda ? `<dt>Azienda</dt><dd>${esc(p.azienda)}</dd>` : ''}
<dt>Località</dt><dd>${esc(place(p))}</dd>
<dt>Qualifica</dt><dd>${esc(p.destipo)}</dd>
<dt>Certificazione</dt><dd>${p.certificato ? '<span class="cert">Certificato</span>' : 'Non certificato'}</dd>
</dl>
<h2>Realizzazioni</h2>
${gallery}
${contact}`;
  return page(
    {
      title: `${name}, posatore a ${place(p)} | ${SITE}`,
      description: `${name}${p.azienda ? `, ${p.azienda}` : ''}: posatore ${p.destipo.toLowerCase()} a ${place(p)}${p.certificato ? ', certificato' : ''}.`,
      canonical: `${origin}${p.url}`,
      image: p.img ? `${origin}${p.img}` : p.gallery[0] ? `${origin}${p.gallery[0].urlreal}` : undefined,
    },
    body,
  );
}

export function contactSentHtml(origin: string, p: PublicDetail): string {
  const name = fullName(p);
  return page(
    {
      title: `Richiesta inviata | ${SITE}`,
      description: `Richiesta di contatto inviata a ${name}.`,
      canonical: `${origin}${p.url}`,
      noindex: true,
    },
    `<h1>Richiesta inviata</h1>
<p class="notice" role="status">Grazie: la tua richiesta è stata inviata a ${esc(name)}, che ti risponderà al recapito indicato.</p>
<p><a href="${esc(p.url)}">Torna alla pagina di ${esc(name)}</a></p>
<p><a href="/trova-posatore">Cerca un altro posatore</a></p>`,
  );
}

export function errorPageHtml(origin: string, status: number, reason: string): string {
  const title = status === 404 ? 'Pagina non trovata' : status === 429 ? 'Troppe richieste' : 'Richiesta non valida';
  return page(
    { title: `${title} | ${SITE}`, description: reason, canonical: `${origin}/trova-posatore`, noindex: true },
    `<h1>${esc(title)}</h1>
<p class="notice alert" role="alert">${esc(status === 404 ? 'Questo posatore non è pubblicato o non esiste.' : reason)}</p>
<p><a href="/trova-posatore">Cerca un posatore</a></p>`,
  );
}

export function sitemapXml(origin: string, entries: { uuid: string; updated_at: string }[]): string {
  const url = (loc: string, lastmod?: string) =>
    `<url><loc>${esc(`${origin}${loc}`)}</loc>${lastmod ? `<lastmod>${esc(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[url('/trova-posatore'), ...entries.map((e) => url(`/trova-posatore/${e.uuid}`, e.updated_at))].join('\n')}
</urlset>
`;
}
