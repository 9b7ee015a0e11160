// GraphiQL's own styles first, the page's after: the page sets the frame GraphiQL fills.
import 'graphiql/style.css';
import './graphiql-page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiqlPage } from './GraphiqlPage.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('graphiql.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <GraphiqlPage />
  </StrictMode>,
);
