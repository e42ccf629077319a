import { Link } from "react-router";
import { Brand } from "@/components/Brand";
import { useSiteName } from "@/components/site-name";

const COLUMNS = [
  {
    title: "Explore",
    links: [
      { to: "/#features", label: "Features" },
      { to: "/courses", label: "Catalogue" },
      { to: "/#about", label: "Our mission" },
    ],
  },
  {
    title: "Account",
    links: [
      { to: "/register", label: "Create an account" },
      { to: "/forgot-password", label: "Reset your password" },
    ],
  },
];

export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="grid content-start gap-3 lg:col-span-2">
          <Brand />
          <p className="max-w-sm text-sm text-muted-foreground">
            Online courses and live sessions for learners and instructors. Learning without limits.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-semibold text-sm">{column.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {siteName}. Open-source learning management.
      </p>
    </footer>
  );
}
