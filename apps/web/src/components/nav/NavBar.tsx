import { Menu, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useGetStartedPath } from "@/api/site-settings";
import { useAuth } from "@/auth/auth-context";
import { Brand } from "@/components/Brand";
import { ThemeToggle } from "@/components/ThemeToggle";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { CourseSearch } from "./CourseSearch";
import { MobileMenu } from "./MobileMenu";
import { SIGNED_OUT_LINKS, signedInLinks } from "./nav-links";

// Only signed-in visitors need these (and the dialog only once asked for): kept out of the first-load bundle.
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));
const LogoutDialog = lazy(() => import("./LogoutDialog").then((m) => ({ default: m.LogoutDialog })));
const NotificationBell = lazy(() => import("./NotificationBell").then((m) => ({ default: m.NotificationBell })));
const InboxButton = lazy(() => import("./InboxButton").then((m) => ({ default: m.InboxButton })));

const MOBILE_MENU_ID = "mobile-menu";

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground",
  );

export function NavBar() {
  const { t } = useTranslation();
  const getStarted = useGetStartedPath();
  const { user, isAuthenticated } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [logoutRequested, setLogoutRequested] = useState(false);
  const signedOut = !isAuthenticated;
  const links = user ? signedInLinks(user.role) : signedOut ? SIGNED_OUT_LINKS : [];

  const closeMenu = () => setMenuOpen(false);
  const confirmLogout = () => {
    setMenuOpen(false);
    setLogoutRequested(true);
    setLogoutOpen(true);
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
      <nav aria-label={t("nav.main")} className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Brand onNavigate={closeMenu} />
        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.to}>
              {user ? (
                <NavLink to={link.to} className={linkClasses}>
                  {t(link.label)}
                </NavLink>
              ) : (
                <Link to={link.to} className={linkClasses({ isActive: false })}>
                  {t(link.label)}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {user && <CourseSearch className="hidden w-60 lg:block" />}
          <ThemeToggle />
          {user && (
            <Suspense>
              <InboxButton />
              <NotificationBell />
            </Suspense>
          )}
          {user && (
            <div className="hidden lg:block">
              <Suspense fallback={<UserAvatar user={user} />}>
                <UserMenu user={user} onLogout={confirmLogout} />
              </Suspense>
            </div>
          )}
          {signedOut && (
            <div className="hidden items-center gap-2 lg:flex">
              <Button variant="ghost" asChild>
                <Link to="/login">{t("nav.signIn")}</Link>
              </Button>
              <Button asChild>
                <Link to={getStarted}>{t("nav.getStarted")}</Link>
              </Button>
            </div>
          )}
          {(user || signedOut) && (
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label={t("nav.toggleMenu")}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          )}
        </div>
      </nav>
      {menuOpen && (
        <MobileMenu id={MOBILE_MENU_ID} user={user} links={links} onNavigate={closeMenu} onLogout={confirmLogout} />
      )}
      {logoutRequested && (
        <Suspense>
          <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
        </Suspense>
      )}
    </header>
  );
}
