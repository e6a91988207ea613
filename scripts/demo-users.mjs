// The demo members loaded by `npm start` (and by the browser tests). Passwords are public on purpose.
export const DEMO_USERS = [
  { username: "Хранитель", email: "admin@kostyor.local", password: "admin-demo-2026", isAdmin: true, isMod: true, isSupporter: true },
  { username: "Смотритель", email: "moder@kostyor.local", password: "moder-demo-2026", isMod: true },
  { username: "Лисичка", email: "lisichka@kostyor.local", password: "member-demo-2026", isSupporter: true },
  { username: "Ведьмак", email: "vedmak@kostyor.local", password: "member-demo-2026" },
  { username: "Северянин", email: "severyanin@kostyor.local", password: "member-demo-2026" },
  { username: "Пиксель", email: "pixel@kostyor.local", password: "member-demo-2026", theme: "lightside" },
  { username: "Геймер_42", email: "gamer42@kostyor.local", password: "member-demo-2026" },
  { username: "Мурка", email: "murka@kostyor.local", password: "member-demo-2026", isSupporter: true },
  { username: "Странник", email: "strannik@kostyor.local", password: "member-demo-2026" },
];
