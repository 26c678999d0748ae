/** The processes part of the demo data set: two published templates whose stages go to whoever starts them. */
export const processesDemoData: Record<string, unknown[]> = {
  processTemplates: [
    {
      id: 'deal-approval', title: 'Large deal approval', trigger_entity: 'deal', category: 'sales', description: 'Prepare the offer, have it approved, then send the contract.', published: true,
      stages: [
        { id: 'prepare', title: 'Prepare the offer', stage_type: 'task', start: true, next: ['approve'] },
        { id: 'approve', title: 'Approve the offer', stage_type: 'approval', next: ['contract'], reject_next: ['revise'] },
        { id: 'revise', title: 'Tell the client the offer is declined', stage_type: 'task', next: ['closed'] },
        { id: 'contract', title: 'Send the contract', stage_type: 'task', next: ['closed'] },
        { id: 'closed', title: 'Closed', stage_type: 'end' },
      ],
    },
    {
      id: 'client-onboarding', title: 'Client onboarding', trigger_entity: 'client', category: 'service', description: 'Welcome call, then account set-up and first invoice in parallel.', published: true,
      stages: [
        { id: 'call', title: 'Welcome call', stage_type: 'task', start: true, next: ['account', 'invoice'] },
        { id: 'account', title: 'Set up the account', stage_type: 'task', next: ['done'] },
        { id: 'invoice', title: 'Send the first invoice', stage_type: 'task', next: ['done'] },
        { id: 'done', title: 'Onboarded', stage_type: 'end' },
      ],
    },
  ],
};
