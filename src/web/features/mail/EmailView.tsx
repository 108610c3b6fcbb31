import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';

export interface EmailParts {
  from: string;
  to: string | null;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
}

/**
 * Links open in a new tab, and nothing in the email runs: it is shown in a sandboxed frame without
 * scripts and without our origin (so it cannot read the page or its cookies).
 */
function framed(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head([^>]*)>/i, `<head$1>${base}`) : `${base}${html}`;
}

/** An email as its recipient sees it: the headers, then the HTML (sandboxed) or the text part. */
export function EmailView({ email, title }: { email: EmailParts; title: string }) {
  const rows: [string, string | null][] = [
    ['From', email.from],
    ['To', email.to],
    ['Reply-To', email.reply_to],
    ['Subject', email.subject],
  ];
  return (
    <div className="min-w-0">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="min-w-0 break-words font-medium text-slate-900">{v}</dd>
            </div>
          ))}
      </dl>
      <Tabs defaultValue="html" className="mt-3">
        <TabsList aria-label="Email format">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <iframe
            title={title}
            srcDoc={framed(email.html)}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            className="h-[55vh] max-h-[32rem] min-h-72 w-full rounded-lg border border-slate-200 bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900">
            {email.text}
          </pre>
        </TabsContent>
      </Tabs>
    </div>
  );
}
