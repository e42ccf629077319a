import { MESSAGES } from "@lms/contract";
import { Home } from "lucide-react";
import { Link } from "react-router";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <PageTitle name="Page not found" />
      <p className="font-extrabold text-7xl text-primary tracking-tight">404</p>
      <h1 className="font-semibold text-2xl">{MESSAGES.pageNotFound}</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </div>
  );
}
