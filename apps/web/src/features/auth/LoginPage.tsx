import { LogIn } from "lucide-react";
import { Link, Navigate, useLocation } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { PageLoader } from "@/components/PageLoader";
import { AuthShell } from "./AuthShell";
import { LoginForm } from "./LoginForm";
import { useReturnPath } from "./useReturnPath";

export function LoginPage() {
  const { user, loading } = useAuth();
  const returnPath = useReturnPath();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={returnPath(user.role)} replace />;
  return (
    <AuthShell
      title="Welcome back"
      pageTitle="Sign in"
      description="Sign in to your account to continue learning."
      icon={LogIn}
      footer={
        <p>
          Don't have an account?{" "}
          <Link
            to="/register"
            state={location.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Sign up
          </Link>
        </p>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
