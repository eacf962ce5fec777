/**
 * The browser editor's entry: reads the CSRF token from the page's
 * `<meta name="editor-token">` and renders the app into `#editor`.
 */
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api.ts';
import { App } from './App.tsx';
import './editor.css';

const token = document.querySelector<HTMLMetaElement>('meta[name="editor-token"]')?.content ?? '';
createRoot(document.getElementById('editor')!).render(<App api={new ApiClient(token)} />);
