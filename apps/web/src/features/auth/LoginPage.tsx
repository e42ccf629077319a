import { LogIn } from "lucide-react";
import { Link, useLocation } from "react-router";
import { AuthShell } from "./AuthShell";
import { GuestOnly } from "./GuestOnly";
import { LoginForm } from "./LoginForm";

export function LoginPage() {
  const location = useLocation();
  return (
    <GuestOnly>
      <AuthShell
        title="Welcome back"
        pageTitle="Sign in"
        summary="Sign in to LearnHub to continue your courses, join live sessions and follow your progress."
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
    </GuestOnly>
  );
}
