import { UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { AuthShell } from "./AuthShell";
import { GuestOnly } from "./GuestOnly";
import { RegisterForm } from "./RegisterForm";

export function RegisterPage() {
  const location = useLocation();
  return (
    <GuestOnly>
      <AuthShell
        title="Create your account"
        pageTitle="Sign up"
        summary="Create a free LearnHub account to enroll in courses, join live classes and keep track of your learning."
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
    </GuestOnly>
  );
}
