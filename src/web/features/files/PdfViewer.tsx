import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { cn, focusRing } from '../../components/ui/cn';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most; a longer PDF says so and stays one click from its download. */
export const MAX_PDF_PAGES = 20;

/**
 * A PDF drawn page by page at the width of its container (pdf.js), instead of the browser's own
 * viewer in a frame (black or empty where the browser has none, or where the file is sent as an
 * attachment). Lazy-loaded: pdf.js is only fetched where a PDF is shown.
 */
export default function PdfViewer({ url, fileName }: { url: string; fileName: string }) {
  const box = useRef<HTMLElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url });
    task.promise.then(
      (d) => !cancelled && setDoc(d),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const pages = doc ? Math.min(doc.numPages, MAX_PDF_PAGES) : 0;
  return (
    <section
      ref={box}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      aria-label={`${fileName} (PDF${doc ? `, ${doc.numPages} ${doc.numPages === 1 ? 'page' : 'pages'}` : ''})`}
      className={cn(
        'max-h-[80vh] w-full overflow-y-auto rounded-lg border border-slate-200 bg-slate-100',
        focusRing,
      )}
    >
      {failed ? (
        <p className="p-4 text-sm text-slate-700">This PDF cannot be shown here. Download it to read it.</p>
      ) : !doc ? (
        <p role="status" className="p-4 text-sm text-slate-600">
          Loading PDF…
        </p>
      ) : (
        <>
          {pageNumbers(pages).map((n) => (
            <PdfPage key={n} doc={doc} number={n} width={width} />
          ))}
          {doc.numPages > pages && (
            <p className="p-3 text-sm text-slate-700">
              Showing the first {pages} of {doc.numPages} pages. Download the file to read the rest.
            </p>
          )}
        </>
      )}
    </section>
  );
}

const pageNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

function PdfPage({ doc, number, width }: { doc: PDFDocumentProxy; number: number; width: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!width || !canvas.current) return;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void doc.getPage(number).then((page) => {
      if (cancelled || !canvas.current) return;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      const el = canvas.current;
      el.width = Math.floor(viewport.width * ratio);
      el.height = Math.floor(viewport.height * ratio);
      el.style.width = `${Math.floor(viewport.width)}px`;
      el.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({
        canvas: el,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      render = task;
      task.promise.catch(() => {});
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, number, width]);
  return <canvas ref={canvas} data-pdf-page={number} className="block bg-white not-first:mt-2" />;
}
