/**
 * All of Mantine's styles (styles/allMantine.ts): the promise settles once its stylesheet is in,
 * so a page waiting for it never renders unstyled. Loaded once per page.
 */
export const loadAllStyles = () => import("./allMantine");

/** The paths that show the dashboard, whose styles come with the layout (styles/dashboard.ts). */
export const isDashboardPath = (pathname: string) => pathname === "/" || pathname === "/dashboard";
