import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18nReady } from './i18n';
import './styles/global.css';
import { queryClient } from './app/queryClient';
import { NavigationGuard } from './app/Guard';
import { AppRoutes } from './app/AppRoutes';
import { installGlobalErrorCapture } from './app/stores/errorLog';
import { startSignedInPage } from './app/startEarly';

installGlobalErrorCapture();
document.title = 'GemQC';
startSignedInPage(window.location.pathname, window.location.search);

// an English session first loads its texts (Chinese ones are in the bundle)
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <NavigationGuard>
            <AppRoutes />
          </NavigationGuard>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
