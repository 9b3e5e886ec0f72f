import type { Actor } from "@sitesafe/domain";
import { trpc } from "./trpc";

export { navigateFully } from "./session";

/** The signed-in user and their policy facts; `data` is null when signed out. */
export function useSession() {
  return trpc.auth.session.useQuery(undefined, { staleTime: 60_000 });
}

/** The actor for `can()` checks in the UI. Inside the protected layout it is always present. */
export function useActor(): Actor | null {
  return useSession().data?.actor ?? null;
}

export function useCurrentUser() {
  return useSession().data?.user ?? null;
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>>;
