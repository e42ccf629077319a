import { UserPlus } from "lucide-react";
import { Link, Navigate, useLocation } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { PageLoader } from "@/components/PageLoader";
import { AuthShell } from "./AuthShell";
import { RegisterForm } from "./RegisterForm";
import { useReturnPath } from "./useReturnPath";

export function RegisterPage() {
  const { user, loading } = useAuth();
  const returnPath = useReturnPath();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={returnPath(user.role)} replace />;
  return (
    <AuthShell
      title="Create your account"
      pageTitle="Sign up"
      description="Start learning today: it only takes a minute."
      icon={UserPlus}
      footer={
        <p>
          Already have an account?{" "}
          <Link
            to="/login"
            state={location.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <RegisterForm />
    </AuthShell>
  );
}
