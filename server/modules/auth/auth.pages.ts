const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * A minimal standalone page for the ends of the identity-provider flow that are not the app
 * (access denied, a failed sign-in). Plain HTML, no script, styles inline (allowed by the CSP).
 */
export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Aitlas</title>
</head>
<body style="font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; margin: 0;">
<main style="max-width: 32rem; margin: 10vh auto; padding: 2rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 0.75rem;">
<h1 style="font-size: 1.5rem; margin-top: 0;">${escapeHtml(title)}</h1>
<p style="line-height: 1.5;">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}" style="color: #1d4ed8;">${escapeHtml(link.label)}</a></p>
</main>
</body>
</html>
`;
}
