/**
 * The real page beside the form: the page the record makes, as the last build made it, in a frame
 * from the preview origin (a second port of the editor server). Phone width (390 px) by default, or
 * a desktop width (1366 px, scaled down to the pane). The frame is made anew after each save (its
 * `version`), so it shows the saved change.
 */
import { useEffect, useRef, useState } from 'react';

/** Widths of the preview, CSS px: a current phone, a common laptop. */
const WIDTHS = { phone: 390, desktop: 1366 } as const;
type Device = keyof typeof WIDTHS;

/** Props of Preview. */
export interface PreviewProps {
  /** e.g. "http://127.0.0.1:8081" */
  origin: string;
  /** Site path, e.g. "/areas/grants/". */
  page: string;
  /** Changes after each save: the frame is loaded again. */
  version: number;
}

/** The preview pane. */
export function Preview({ origin, page, version }: PreviewProps) {
  const [device, setDevice] = useState<Device>('phone');
  const pane = useRef<HTMLDivElement>(null);
  const [paneWidth, setPaneWidth] = useState(0);
  useEffect(() => {
    if (!pane.current) return;
    const observer = new ResizeObserver(([entry]) => setPaneWidth(entry.contentRect.width));
    observer.observe(pane.current);
    return () => observer.disconnect();
  }, []);
  const width = WIDTHS[device];
  const scale = paneWidth > 0 && paneWidth < width ? paneWidth / width : 1;
  return (
    <section className="preview" aria-labelledby="preview-title">
      <div className="preview-bar">
        <h2 id="preview-title">Preview of <a href={origin + page} target="_blank" rel="noopener">{page}</a></h2>
        <div role="group" aria-label="Preview width" className="switch">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" aria-pressed={device === d} onClick={() => setDevice(d)}>{d === 'phone' ? 'Phone' : 'Desktop'}</button>
          ))}
        </div>
      </div>
      <div className="preview-pane" ref={pane}>
        <div className="preview-frame" style={{ width: width * scale, height: 1000 * scale }}>
          <iframe key={`${page}#${version}`} title={`The page ${page} as the site shows it`} src={origin + page} data-version={version}
            style={{ width, height: 1000, transform: `scale(${scale})`, transformOrigin: '0 0' }} />
        </div>
      </div>
    </section>
  );
}
