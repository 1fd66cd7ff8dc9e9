/** The other person of a conversation, as a profile or an inbox row knows them. */
export interface ChatPartner {
  id: number;
  username: string;
  name: string | null;
  profilePicture: string | null;
}

export const partnerName = (partner: ChatPartner) => partner.name?.trim() || partner.username;
