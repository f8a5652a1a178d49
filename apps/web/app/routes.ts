import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx", { id: "home-de" }),
  route("en", "routes/home.tsx", { id: "home-en" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
