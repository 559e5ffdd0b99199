import { NotFoundState } from "@/components/common/not-found-state";

/** Any address no route answers. */
export default function NotFound() {
  return <NotFoundState />;
}
