// npm run emails:preview [folder]: every e-mail for a sample order, as .html and .txt files to open.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { sampleEmails } from './email-previews.ts';
import { renderEmail } from './render-email.tsx';

const config = loadConfig(process.env);
const folder = resolve(process.argv[2] ?? join(config.dataDir, 'email-previews'));
const brand = { shop: config.shop, publicUrl: config.publicUrl };
await mkdir(folder, { recursive: true });
for (const { name, email } of sampleEmails(brand)) {
  const { html, text } = await renderEmail(email, brand);
  await writeFile(join(folder, `${name}.html`), html);
  await writeFile(join(folder, `${name}.txt`), `Subject: ${email.subject}\n\n${text}\n`);
}
console.log(`Wrote ${sampleEmails(brand).length} e-mails (HTML and text) to ${folder}`);
