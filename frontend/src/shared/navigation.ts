/**
 * Going to another page, once.  Several scripts of one page may follow the
 * same new game at once (the rematch on a game page and the inbox's started
 * game, or a tournament page and the inbox): a second ``location.assign``
 * aborts the load the first began.  The address being gone to is kept on the
 * document's root, which every script of the page shares whatever bundle it
 * came in, and a second call for it does nothing.
 */
export function goOnce(url: string, doc: Document = document): void {
  const root = doc.documentElement;
  if (root.dataset.leavingFor === url) return;
  root.dataset.leavingFor = url;
  doc.defaultView?.location.assign(url);
}
