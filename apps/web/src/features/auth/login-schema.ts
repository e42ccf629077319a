import { type LoginRequest, loginRequestSchema } from "@lms/contract";
import { localizedResolver } from "@/lib/localized-resolver";

export const loginResolver = localizedResolver<LoginRequest, LoginRequest>(loginRequestSchema);
