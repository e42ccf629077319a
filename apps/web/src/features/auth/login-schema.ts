import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginRequest, loginRequestSchema } from "@lms/contract";

export const loginResolver = zodResolver<LoginRequest, unknown, LoginRequest>(loginRequestSchema);
