// A route of another language than the page's manifest lists (student_portal/reflex_internals/route_manifests.py):
// the address is already the new one when this draws, so load that page from the server.
export default function OtherLanguage() {
  location.reload();
  return null;
}
