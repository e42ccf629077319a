import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { AuthProvider } from "@/auth/AuthProvider";
import { NavBar } from "@/components/nav/NavBar";
import { PageLoader } from "@/components/PageLoader";
import { cn } from "@/lib/utils";
import { InteractiveMark } from "./InteractiveMark";
import { LazyToaster } from "./LazyToaster";
import { LiveUpdates } from "./LiveUpdates";
import { MaintenanceBanner } from "./MaintenanceBanner";
import { MaintenanceGate } from "./MaintenanceGate";
import { NoteDraftSync } from "./NoteDraftSync";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { PreferencesProvider } from "./PreferencesProvider";
import { TwoFactorRequiredBanner } from "./TwoFactorRequiredBanner";
import { useHasNavigated } from "./useHasNavigated";
import { useScrollToTop } from "./useScrollToTop";

export function RootLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const navigated = useHasNavigated(pathname);
  useScrollToTop();
  return (
    <AuthProvider>
      <PreferencesProvider>
        <NoteDraftSync />
        <LiveUpdates />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("layout.skipToContent")}
        </a>
        <div className="flex min-h-dvh flex-col">
          <NavBar />
          <MaintenanceBanner />
          <TwoFactorRequiredBanner />
          <main id="main" className="flex flex-1 flex-col">
            <PageErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoader />}>
                <InteractiveMark />
                <MaintenanceGate>
                  <div key={pathname} className={cn("flex flex-1 flex-col", navigated && "animate-page-in")}>
                    <Outlet />
                  </div>
                </MaintenanceGate>
              </Suspense>
            </PageErrorBoundary>
          </main>
        </div>
        <LazyToaster />
      </PreferencesProvider>
    </AuthProvider>
  );
}
