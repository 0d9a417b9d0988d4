import type { Lang } from '../shared/messages';
import { t } from './texts';
import { escapeHtml } from '../shared/html';


const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
main{width:100%;max-width:380px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(15,23,42,.08)}
.product{margin:0 0 4px;font-size:13px;letter-spacing:.06em;text-transform:uppercase;color:#52606d}
h1{margin:0 0 20px;font-size:24px;font-weight:600}
label{display:block;margin:14px 0 4px;font-size:14px;font-weight:500}
input{width:100%;padding:10px 12px;border:1px solid #cbd2d9;border-radius:8px;font:inherit}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
button{width:100%;margin-top:22px;padding:11px;border:0;border-radius:8px;background:#2563eb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1d4ed8}
button.danger{background:#c81e1e}
.choices{list-style:none;margin:0;padding:0}
.choices button{margin-top:10px;background:#fff;color:#1f2933;border:1px solid #cbd2d9;text-align:left;font-weight:500;overflow-wrap:anywhere}
.choices button:hover{background:#f0f4f8;border-color:#2563eb}
button.danger:hover{background:#a51818}
.error{margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#fde8e8;color:#9b1c1c}
.info{margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#e1effe;color:#1e429f}
.links{margin-top:18px;font-size:14px;text-align:center}
a{color:#2563eb}
`;

export interface PageOptions {
  lang: Lang;
  title: string;
  body: string;
  /** Id of a button to click once the page loads (the sign-out form); no other script runs here. */
  clickOnLoad?: string;
}

/** The one inline script identity pages run; its hash is allowed by the Content-Security-Policy (server/securityHeaders.ts). */
export function clickOnLoadScript(id: string): string {
  return `document.getElementById(${JSON.stringify(id)}).click()`;
}

/** A complete identity page around trusted body HTML (the caller escapes what it puts in). */
export function page({ lang, title, body, clickOnLoad }: PageOptions): string {
  const script = clickOnLoad ? `<script>${clickOnLoadScript(clickOnLoad)}</script>` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t(lang, 'product'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="product">${escapeHtml(t(lang, 'product'))}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${script}
</body>
</html>`;
}

function notice(kind: 'error' | 'info', text: string | undefined): string {
  return text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';
}

export function loginPage(opts: { lang: Lang; action: string; forgotUrl: string; signUpUrl?: string; email?: string; error?: string; info?: string }): string {
  const { lang } = opts;
  return page({
    lang,
    title: t(lang, 'signInTitle'),
    body: `${notice('error', opts.error)}${notice('info', opts.info)}
<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on">
<label for="email">${escapeHtml(t(lang, 'email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? '')}">
<label for="password">${escapeHtml(t(lang, 'password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(t(lang, 'signIn'))}</button>
</form>
<p class="links"><a href="${escapeHtml(opts.forgotUrl)}">${escapeHtml(t(lang, 'forgotLink'))}</a></p>${
      opts.signUpUrl ? `\n<p class="links">${escapeHtml(t(lang, 'noAccount'))} <a href="${escapeHtml(opts.signUpUrl)}">${escapeHtml(t(lang, 'signUpLink'))}</a></p>` : ''
    }`,
  });
}

/** After a sign-in that opens accounts in several companies: one button per company. */
export function chooseCompanyPage(opts: { lang: Lang; action: string; companies: { subject: string; name: string }[] }): string {
  const { lang } = opts;
  const buttons = opts.companies
    .map((c) => `<li><button type="submit" name="account" value="${escapeHtml(c.subject)}">${escapeHtml(c.name)}</button></li>`)
    .join('\n');
  return page({
    lang,
    title: t(lang, 'chooseCompanyTitle'),
    body: `<p>${escapeHtml(t(lang, 'chooseCompanyIntro'))}</p>
<form method="post" action="${escapeHtml(opts.action)}">
<ul class="choices">
${buttons}
</ul>
</form>`,
  });
}

export function forgotPage(opts: { lang: Lang; action: string; backUrl?: string; email?: string; sent?: boolean; error?: string }): string {
  const { lang } = opts;
  const back = opts.backUrl ? `<p class="links"><a href="${escapeHtml(opts.backUrl)}">${escapeHtml(t(lang, 'backToSignIn'))}</a></p>` : '';
  if (opts.sent) {
    return page({ lang, title: t(lang, 'forgotTitle'), body: `${notice('info', t(lang, 'forgotSent'))}${back}` });
  }
  return page({
    lang,
    title: t(lang, 'forgotTitle'),
    body: `${notice('error', opts.error)}<p>${escapeHtml(t(lang, 'forgotIntro'))}</p>
<form method="post" action="${escapeHtml(opts.action)}">
<label for="email">${escapeHtml(t(lang, 'email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? '')}">
<button type="submit">${escapeHtml(t(lang, 'sendLink'))}</button>
</form>${back}`,
  });
}

export function resetPasswordPage(opts: { lang: Lang; action: string; token: string; error?: string }): string {
  const { lang } = opts;
  return page({
    lang,
    title: t(lang, 'forgotTitle'),
    body: `${notice('error', opts.error)}
<form method="post" action="${escapeHtml(opts.action)}">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<label for="password">${escapeHtml(t(lang, 'newPassword'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required autofocus>
<label for="confirm">${escapeHtml(t(lang, 'confirmPassword'))}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${escapeHtml(t(lang, 'savePassword'))}</button>
</form>`,
  });
}

export function deleteAccountPage(opts: { lang: Lang; action: string; token: string; email: string }): string {
  const { lang } = opts;
  return page({
    lang,
    title: t(lang, 'deleteTitle'),
    body: `<p>${escapeHtml(t(lang, 'deleteIntro', { email: opts.email }))}</p>
<form method="post" action="${escapeHtml(opts.action)}">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<button type="submit" class="danger">${escapeHtml(t(lang, 'deleteConfirm'))}</button>
</form>`,
  });
}

/** A page with one message and an optional link onwards. */
export function messagePage(opts: { lang: Lang; title: string; message: string; kind?: 'error' | 'info'; link?: { href: string; text: string } }): string {
  const link = opts.link ? `<p class="links"><a href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.text)}</a></p>` : '';
  return page({ lang: opts.lang, title: opts.title, body: `${notice(opts.kind ?? 'info', opts.message)}${link}` });
}
