/** Vite entry ``chat``: the chat panel of a game between people's page or a tournament's page, where the page has its element (``data-chat``: the room's API address). */
import "./chat.css";
import { ChatRoomView } from "./chat-room";

for (const host of document.querySelectorAll<HTMLElement>("[data-chat]")) {
  const url = host.dataset.chat;
  if (url) void new ChatRoomView(host, url).start();
}
