// Temporary: replaced by the page helper.
export default function Page() {
  return <main id="main" />;
}
