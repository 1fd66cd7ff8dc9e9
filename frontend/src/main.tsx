import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The first render as a transition: React renders it in slices of ~5 ms and yields to the browser
// between them, instead of one task of a second or more on a phone's CPU. The static top bar in
// index.html stays on screen until the render commits.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
