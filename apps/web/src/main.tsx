import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18nReady } from './i18n';
import './styles/global.css';
import { queryClient } from './app/queryClient';
import { NavigationGuard } from './app/Guard';
import { AppRoutes } from './app/AppRoutes';
import { installGlobalErrorCapture } from './app/stores/errorLog';
import { startSignedInPage } from './app/startEarly';
import { AppErrorBoundary } from './app/ErrorFallback';
import { AppNotices } from './app/AppNotices';

installGlobalErrorCapture();
document.title = 'GemQC';
startSignedInPage(window.location.pathname, window.location.search);

/** The routes under the app's last error boundary (a shell that failed to load shows 刷新, not white). */
function Routes() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <AppRoutes />
    </AppErrorBoundary>
  );
}

// an English session first loads its texts (Chinese ones are in the bundle)
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppNotices />
          <NavigationGuard>
            <Routes />
          </NavigationGuard>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
