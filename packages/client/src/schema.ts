/**
 * The API's types, generated from the server's OpenAPI document by `npm run client:generate`
 * (openapi-typescript). Do not edit: a test fails when this file differs from what the current
 * server's document generates.
 */

export interface paths {
    "/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a token
         * @description Answers who the token is: its scopes, its id and the organization user it acts as. Reports apiVersion v1.
         *
         *     Requires any valid token.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the token acts as
         * @description Extension. The caller's user id (the id that assignee_id and other user references take), its organization user id (as /ping reports), name, organization, the token's scopes and the rights the user holds. What a call may do is the token's scope intersected with these rights.
         *
         *     Requires any valid token.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The capabilities catalog
         * @description A machine-readable catalog: products, capabilities with their actions (scope, mode, required modules and permissions, risk, confirmation, Idempotency-Key requirement) and solution blueprints. Mutations go through the domain endpoints.
         *
         *     Requires any valid token.
         */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/event-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events a subscription may take
         * @description The event names of the catalog, and * for every event.
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        get: operations["getWebhookEventCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook subscriptions with delivery statistics
         * @description Every subscription of the organization with failureCount, lastSuccessAt and lastFailureAt (no secret).
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a URL to events (the signing secret is returned only here)
         * @description The URL must be https on a public address (loopback, private, link-local and reserved addresses are refused with 422; a server run for development with BIZPLAT_WEBHOOK_ALLOW_PRIVATE=1 takes them, over plain http too). Each delivery is signed with the secret returned here: see X-Webhook-Signature in the webhooks section.
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disable a subscription and cancel its queued deliveries
         * @description Requires scope `admin:all` and an administrator (every role right).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a subscription: name, url, events, includeRecord (extension of v1)
         * @description Changes only the fields sent, checked as on create (the url as POST /webhooks checks it). Takes If-Match with the version, as the other PATCHes. Events written from now on are sent as the subscription now stands; deliveries already queued go to the new url with the body they were made with. The secret is not changed (see rotate-secret). Recorded in the audit trail with each changed field before and after.
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed webhook.test event to a subscription now and answer what the receiver did (extension of v1)
         * @description Whatever events the subscription takes, one webhook.test delivery is signed and sent at once, exactly as every delivery (the same headers and body shape; data names the subscription), and the answer says what came back: ok, statusCode, durationMs, error. It is not retried; it shows in the delivery log and the audit trail. An Idempotency-Key is not replayed here: each call sends a new test.
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret of a subscription (extension of v1)
         * @description Answers a new secret, shown only here. For BIZPLAT_WEBHOOK_SECRET_OVERLAP_HOURS (default 24) deliveries carry in webhook-signature a second signature under the previous secret, so receivers can switch over; X-Webhook-Signature is under the new secret only. Rotating again during the overlap ends the older secret at once. Recorded in the audit trail.
         *
         *     Requires scope `admin:all` and an administrator (every role right).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/funnels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sales funnels with their stages
         * @description The organization's sales funnels (the default first), each with its stages in order: id, name, kind (open, won, lost) and order. A deal moves to a stage by stage_id or stage name.
         *
         *     Requires scope `crm:read`.
         */
        get: operations["listFunnels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients
         * @description Clients (counterparties) by name; archived ones only with include_archived=true.
         *
         *     Requires scope `crm:read`.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Create a client
         * @description Creates a client at version 1. The id may be supplied (a UUID); phone and email are validated.
         *
         *     Requires scope `crm:write` and the role right `crm.clients`.
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client
         * @description Requires scope `crm:read`.
         */
        get: operations["getClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a client
         * @description Changes only the fields sent; is_archived archives or restores the client.
         *
         *     Requires scope `crm:write` and the role right `crm.clients`.
         */
        patch: operations["updateClient"];
        trace?: never;
    };
    "/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contact persons
         * @description Requires scope `crm:read`.
         */
        get: operations["listContacts"];
        put?: never;
        /**
         * Create a contact person
         * @description Creates a contact person at version 1; phone, email, telegram and instagram become its normalized channels.
         *
         *     Requires scope `crm:write` and the role right `crm.clients`.
         */
        post: operations["createContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a contact person
         * @description Requires scope `crm:read`.
         */
        get: operations["getContact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a contact person
         * @description Requires scope `crm:write` and the role right `crm.clients`.
         */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/deals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deals
         * @description Requires scope `crm:read`.
         */
        get: operations["listDeals"];
        put?: never;
        /**
         * Create a deal
         * @description Creates a deal at version 1, in the given funnel and stage (by default the first stage of the default funnel) and currency (by default the organization's).
         *
         *     Requires scope `crm:write` and the role right `crm.deals.edit`.
         */
        post: operations["createDeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deal
         * @description Requires scope `crm:read`.
         */
        get: operations["getDeal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a deal (stage, amount, …)
         * @description Changes only the fields sent. Moving a deal to a won or lost stage raises deal.won or deal.lost.
         *
         *     Requires scope `crm:write` and the role right `crm.deals.edit`.
         */
        patch: operations["updateDeal"];
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Nomenclature items by name; search matches the name, SKU or barcode.
         *
         *     Requires scope `inventory:read`.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product
         * @description Creates a nomenclature item at version 1 (item_type product unless given).
         *
         *     Requires scope `inventory:write` and the role right `org.inventory.edit`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product
         * @description Requires scope `inventory:read`.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change or archive a product
         * @description Changes only the fields sent; isArchived archives or restores the product. A product holding stock cannot become a service.
         *
         *     Requires scope `inventory:write` and the role right `org.inventory.edit`.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/warehouses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List warehouses
         * @description Requires scope `inventory:read`.
         */
        get: operations["listWarehouses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/warehouses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a warehouse
         * @description Requires scope `inventory:read`.
         */
        get: operations["getWarehouse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock balances
         * @description Balances per warehouse and item; they change only through movements.
         *
         *     Requires scope `inventory:read`.
         */
        get: operations["listStock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock movements, newest first
         * @description Cursor pagination: pass next_cursor as cursor for the next page. warehouse_id matches the source or the destination.
         *
         *     Requires scope `inventory:read`.
         */
        get: operations["listMovements"];
        put?: never;
        /**
         * Post a stock movement (balances change atomically with it)
         * @description in adds to warehouse_id, out takes from it, transfer moves to to_warehouse_id, adjustment corrects (qty may be negative). A decrease below the available stock, or a service item, gives 422.
         *
         *     Requires scope `inventory:write` and the role right `org.inventory.edit`.
         */
        post: operations["createMovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/movements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a movement with its lines
         * @description Requires scope `inventory:read`.
         */
        get: operations["getMovement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/finance-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment requests
         * @description Payment requests, newest first; filter by status, search the title; archived ones only with include_archived=true.
         *
         *     Requires scope `finance:read`.
         */
        get: operations["listFinanceRequests"];
        put?: never;
        /**
         * File a payment request
         * @description Body: title, amount, currency, counterparty, counterpartyInn, category (a category name), paymentDate, invoiceNumber, description, vatAmount. Creates the request pending (a draft with status draft; never approved), requested by the token owner, at version 1. In the same transaction the amount is converted into the organization currency with its rate table (an unknown currency without a rate gives 422), the approvals it needs are recorded and every eligible approver is notified.
         *
         *     Requires scope `finance:write`.
         */
        post: operations["createFinanceRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/finance-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment request
         * @description Requires scope `finance:read`.
         */
        get: operations["getFinanceRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a payment request, or move it along the approval chain
         * @description Fields change while the request is draft or pending, by the requester only; a change to a field that defines the payment (amount, currency, vatAmount, counterparty, counterpartyInn, invoiceNumber, paymentDate, category) drops the approvals given so far and asks the approvers again. status moves it: draft → pending (the requester), pending → approved or rejected (role right finance.approve, never the requester nor a member who changed its payment fields; with several approvals required each is recorded and the request stays pending until the last; the count reads amount + VAT converted into the organization currency), approved → paid (role right finance.pay). Approved and paid requests are never archived. Approvals, rejections and payments are recorded in the audit trail.
         *
         *     Requires scope `finance:write`.
         */
        patch: operations["updateFinanceRequest"];
        trace?: never;
    };
    "/finance/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment requests
         * @description Payment requests, newest first; filter by status, search the title; archived ones only with include_archived=true. The same records as /finance-requests.
         *
         *     Requires scope `finance:read`.
         */
        get: operations["listFinanceRequestsByCategoryId"];
        put?: never;
        /**
         * File a payment request
         * @description Body: title, amount, currency, category_id, comment (stored as the description), vatAmount. Creates the request pending (a draft with status draft; never approved), requested by the token owner, at version 1. In the same transaction the amount is converted into the organization currency with its rate table (an unknown currency without a rate gives 422), the approvals it needs are recorded and every eligible approver is notified.
         *
         *     Requires scope `finance:write`.
         */
        post: operations["createFinanceRequestByCategoryId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/finance/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment request
         * @description The same records as /finance-requests.
         *
         *     Requires scope `finance:read`.
         */
        get: operations["getFinanceRequestByCategoryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a payment request, or move it along the approval chain
         * @description Fields change while the request is draft or pending, by the requester only; a change to a field that defines the payment (amount, currency, vatAmount, counterparty, counterpartyInn, invoiceNumber, paymentDate, category) drops the approvals given so far and asks the approvers again. status moves it: draft → pending (the requester), pending → approved or rejected (role right finance.approve, never the requester nor a member who changed its payment fields; with several approvals required each is recorded and the request stays pending until the last; the count reads amount + VAT converted into the organization currency), approved → paid (role right finance.pay). Approved and paid requests are never archived. Approvals, rejections and payments are recorded in the audit trail.
         *
         *     Requires scope `finance:write`.
         */
        patch: operations["updateFinanceRequestByCategoryId"];
        trace?: never;
    };
    "/finance/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List finance categories
         * @description Expense categories and funds, in their order; archived ones only with include_archived=true.
         *
         *     Requires scope `finance:read`.
         */
        get: operations["listFinanceCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/receivables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List receivables
         * @description Money clients owe, newest first. status is computed when read: paid (paidAmount ≥ amount), else overdue (dueDate before today, UTC), else partial (paidAmount > 0), else open.
         *
         *     Requires scope `finance:read`.
         */
        get: operations["listReceivables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List employees
         * @description The employee directory, by full name; archived employees are never listed. Each employee shows only id, user_id, full_name, position, department_id and status.
         *
         *     Requires scope `hr:read`.
         */
        get: operations["listEmployees"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tasks
         * @description Newest first; archived tasks are never listed. assignee_id matches the executor or a co-executor. Without the right tasks.view_all only the tasks the token owner created, executes, co-executes or watches are seen.
         *
         *     Requires scope `tasks:read`.
         */
        get: operations["listTasks"];
        put?: never;
        /**
         * Create a task
         * @description Creates a task at version 1 authored by the token owner, in the dictionary's initial status unless status is given. Users, project and deal must be of the organization; a deadline in the past is refused. A priority other than the default needs the right tasks.set_priority. Raises task.assigned when the task has an executor or co-executors.
         *
         *     Requires scope `tasks:write` and the role right `tasks.edit`.
         */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a task
         * @description A task outside the caller's visibility is 404. Without the right tasks.view_all only the tasks the token owner created, executes, co-executes or watches are seen.
         *
         *     Requires scope `tasks:read`.
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a task (status, executor, deadline, …)
         * @description Changes only the fields sent. A status change must be an allowed transition of the dictionary; changing priority needs the right tasks.set_priority; is_archived archives (or restores) the task. A new executor or added co-executors raise task.assigned. The task of a business process stage changes status or is archived only by its executor, or by a holder of bpm.admin with the scope bpm:execute; its executor never changes. Without the right tasks.view_all only the tasks the token owner created, executes, co-executes or watches are seen.
         *
         *     Requires scope `tasks:write` and the role right `tasks.edit`.
         */
        patch: operations["updateTask"];
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description Projects tasks belong to, by name; archived projects are not listed.
         *
         *     Requires scope `tasks:read`.
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/production/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List production orders
         * @description Production orders, newest first; archived ones are never listed. Filter by status, pipeline_id and deal_id. The list does not carry currentStage (read one order for it).
         *
         *     Requires scope `production:read`.
         */
        get: operations["listProductionOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/production/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a production order
         * @description The order plus currentStage { id, title }, the title read from its pipeline; currentStage is null when the order has no pipeline or no stage. Archived orders are read by id too.
         *
         *     Requires scope `production:read`.
         */
        get: operations["getProductionOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commercial-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List commercial orders
         * @description Quotations, newest first; archived ones are never listed. Filter by deal_id, client_id (standalone orders have no deal) and status. When a deal enters a won stage, its confirmed and approved orders become production orders and are transferred.
         *
         *     Requires scope `crm:read`.
         */
        get: operations["listCommercialOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commercial-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a commercial order
         * @description One quotation; archived ones are read by id too.
         *
         *     Requires scope `crm:read`.
         */
        get: operations["getCommercialOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/process-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List published process templates
         * @description Templates are imported (collection processTemplates); only published ones are listed, by title.
         *
         *     Requires scope `bpm:read`.
         */
        get: operations["listProcessTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List process instances
         * @description Newest first. Without the right bpm.admin only the processes the token owner started or executes a stage of are seen.
         *
         *     Requires scope `bpm:read`.
         */
        get: operations["listProcesses"];
        put?: never;
        /**
         * Start a process from a published template
         * @description The token owner is the initiator. In one transaction the process is created running, its start stage is activated (a task or approval stage becomes a task assigned to the stage executor, authored by them and watched by the initiator, which notifies them), and the journal records it. Only the executor (or a bpm.admin with a token scoped bpm:execute, named as such in the journal) completes or decides a stage, by closing its task; its executor never changes through PATCH /tasks. entity_type and entity_id go together and name an existing deal or client of the organization, or a task the caller sees (one out of sight answers as one that does not exist). variables (or initial_variables: one of the two) is any object.
         *
         *     Requires scope `bpm:execute`.
         */
        post: operations["startProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a process with its stages
         * @description stage_instances lists the activated stages in activation order. A process outside the caller's visibility is 404. Without the right bpm.admin only the processes the token owner started or executes a stage of are seen.
         *
         *     Requires scope `bpm:read`.
         */
        get: operations["getProcess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processes/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a running process (extension of v1)
         * @description For the process's initiator, or a user with the right bpm.admin. In one transaction the process becomes cancelled, its active stages are cancelled and their tasks closed as cancelled, the journal records who did it, process.cancelled is raised and the audit trail records it. A process out of the caller's sight is 404. Repeated on a cancelled process, it answers the process unchanged.
         *
         *     Requires scope `bpm:execute`.
         */
        post: operations["cancelProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the meetings of a window
         * @description Every occurrence overlapping [from, to) in start order, recurring meetings expanded by their RRULE in the organization's time zone; the window spans at most 366 days; at most 500 items, total counts them all (for rules other than HOURLY, DAILY and WEEKLY, within a budget per answer, beyond which it is a lower bound; offset is always 0: move from to read on). An occurrence of a series has the id <meeting id>:<start in UTC, YYYYMMDDTHHMMSSZ>. Extension: with updated_since, one item per meeting (a series as its first occurrence, as GET /meetings/{id} answers) booked or changed at or after it that can reach into the window, ordered by (updated_at, id), paged by cursor. Without the right calendar.view_all (administrators hold it) only the meetings the token owner owns or takes part in are seen.
         *
         *     Requires scope `calendar:read`.
         */
        get: operations["listMeetings"];
        put?: never;
        /**
         * Book a meeting
         * @description Owned by the token owner, who is added to the participants. start_at must not be past; end_at defaults to start_at plus 60 minutes. recurrence_rule makes it a series whose first occurrence is start_at. Raises meeting.created: every participant but the creator is notified, and the organization's shared chat is told. reminder_minutes reminds every participant before each occurrence.
         *
         *     Requires scope `calendar:write` and the role right `content.meetings.manage`.
         */
        post: operations["createMeeting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a meeting: reschedule, retitle, invite (extension of v1)
         * @description Changes only the fields sent, checked as a booking checks them; a changed start_at must not be past, and without end_at the meeting keeps its duration. participant_ids replaces the participants (the owner stays); those added are notified as on a booking. A change of start_at, recurrence_rule or reminder_minutes reschedules the reminders. Only the meeting's owner or an administrator changes it. Raises meeting.updated with the version and the changed fields. If-Match with the version refuses a change made meanwhile. The id is the meeting's, not an occurrence's: a series changes as a whole. Without the right calendar.view_all (administrators hold it) only the meetings the token owner owns or takes part in are seen.
         *
         *     Requires scope `calendar:write` and the role right `content.meetings.manage`.
         */
        patch: operations["updateMeeting"];
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events feed, in commit order (extension of v1)
         * @description Every catalog event of the organization, oldest first in commit order, with the same id, event, data and ts as the webhook body: a receiver that missed deliveries replays from here and drops the ids it has seen. Page with next_cursor; a page shorter than limit has reached the events committed so far (poll again with its next_cursor). A token with admin:all reads the events of every kind of record; otherwise only those its read scopes cover (client: crm:read, contact: crm:read, deal: crm:read, product: inventory:read, movement: inventory:read, finance_request: finance:read, task: tasks:read, process: bpm:read, meeting: calendar:read), and a token with none of crm:read, inventory:read, finance:read, tasks:read, bpm:read, calendar:read gets 403. Events about task, process, meeting reach only a reader whose user may see that record (as GET shows it); webhook subscriptions, organization-wide, receive them all. Events are kept for the retention period (BIZPLAT_EVENT_RETENTION_DAYS): an older cursor answers 410 cursor_expired.
         *
         *     Requires any valid token.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "client.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client.created event
         * @description Sent to every active subscription whose events include client.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_client_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client.updated event
         * @description Sent to every active subscription whose events include client.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_client_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deal.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The deal.created event
         * @description Sent to every active subscription whose events include deal.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_deal_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deal.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The deal.updated event
         * @description Sent to every active subscription whose events include deal.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_deal_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deal.won": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The deal.won event
         * @description Sent to every active subscription whose events include deal.won or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_deal_won"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deal.lost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The deal.lost event
         * @description Sent to every active subscription whose events include deal.lost or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_deal_lost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "finance_request.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The finance_request.created event
         * @description Sent to every active subscription whose events include finance_request.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_finance_request_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "finance_request.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The finance_request.approved event
         * @description Sent to every active subscription whose events include finance_request.approved or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_finance_request_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "finance_request.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The finance_request.paid event
         * @description Sent to every active subscription whose events include finance_request.paid or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_finance_request_paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "finance_request.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The finance_request.rejected event
         * @description Sent to every active subscription whose events include finance_request.rejected or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_finance_request_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The contact.created event
         * @description Sent to every active subscription whose events include contact.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_contact_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The contact.updated event
         * @description Sent to every active subscription whose events include contact.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_contact_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The contact.archived event
         * @description Sent to every active subscription whose events include contact.archived or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_contact_archived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The task.created event
         * @description Sent to every active subscription whose events include task.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_task_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The task.updated event
         * @description Sent to every active subscription whose events include task.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_task_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The task.status_changed event
         * @description Sent to every active subscription whose events include task.status_changed or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_task_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The task.assigned event
         * @description Sent to every active subscription whose events include task.assigned or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_task_assigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The product.created event
         * @description Sent to every active subscription whose events include product.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_product_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "product.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The product.updated event
         * @description Sent to every active subscription whose events include product.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_product_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "movement.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The movement.created event
         * @description Sent to every active subscription whose events include movement.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_movement_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "meeting.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The meeting.created event
         * @description Sent to every active subscription whose events include meeting.created or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_meeting_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "meeting.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The meeting.updated event
         * @description Sent to every active subscription whose events include meeting.updated or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_meeting_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The process.started event
         * @description Sent to every active subscription whose events include process.started or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_process_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The process.completed event
         * @description Sent to every active subscription whose events include process.completed or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_process_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The process.failed event
         * @description Sent to every active subscription whose events include process.failed or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_process_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The process.cancelled event
         * @description Sent to every active subscription whose events include process.cancelled or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_process_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "process.stage_decided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The process.stage_decided event
         * @description Sent to every active subscription whose events include process.stage_decided or *. Verify X-Webhook-Signature before processing; answer 2xx quickly. Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).
         */
        post: operations["webhook_process_stage_decided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.test event
         * @description Sent only by POST /webhooks/{id}/test, to that subscription, whatever its events; never retried. Verify X-Webhook-Signature before processing; answer 2xx quickly.
         */
        post: operations["webhook_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        CapabilitiesCatalog: {
            schemaVersion: number;
            products: {
                slug: string;
                status: string;
            }[];
            capabilities: {
                key: string;
                version: number;
                kind: string;
                dependsOn: string[];
                providers: string[];
                exposure: string;
                actions: {
                    scope: string;
                    mode: string;
                    method: string;
                    path: string;
                    requiredModules: string[];
                    permissions: string[];
                    risk: string;
                    confirmation: boolean;
                    idempotencyKey: string;
                }[];
            }[];
            solutionBlueprints: {
                key: string;
                maturity: string;
                operators: string[];
            }[];
        };
        /** @description A normalized contact channel. */
        Channel: {
            /** @enum {string} */
            kind: "phone" | "email" | "telegram" | "instagram";
            value: string;
            isPrimary: boolean;
            verified: boolean;
        };
        /**
         * @description A client (counterparty).
         * @example {
         *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "version": 1,
         *       "created_at": "2025-03-01T09:30:00.000+00:00",
         *       "updated_at": "2025-03-01T09:30:00.000+00:00",
         *       "name": "Northwind Trading",
         *       "phone": "+14155550123",
         *       "email": "orders@northwind.example",
         *       "company_name": "Northwind Trading LLC",
         *       "inn": "7701234567",
         *       "city": "Tashkent",
         *       "source": "website",
         *       "tags": [
         *         "wholesale"
         *       ],
         *       "vat_number": null,
         *       "industry": "retail",
         *       "segment": "B2B",
         *       "is_archived": false
         *     }
         */
        Client: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            version: number;
            name: string;
            phone: string | null;
            email: string | null;
            company_name: string | null;
            inn: string | null;
            vat_number: string | null;
            industry: string | null;
            segment: string | null;
            city: string | null;
            source: string | null;
            tags: string[];
            is_archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @example {
         *       "name": "Northwind Trading",
         *       "phone": "+14155550123",
         *       "email": "orders@northwind.example",
         *       "company_name": "Northwind Trading LLC",
         *       "inn": "7701234567",
         *       "city": "Tashkent",
         *       "source": "website",
         *       "tags": [
         *         "wholesale"
         *       ]
         *     } */
        ClientCreate: {
            /**
             * Format: uuid
             * @description generated when absent; an existing id gives 409 duplicate_id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            name: string;
            phone?: string | null;
            email?: string | null;
            company_name?: string | null;
            inn?: string | null;
            vat_number?: string | null;
            industry?: string | null;
            segment?: string | null;
            city?: string | null;
            source?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /** @description One page of a list. */
        ClientList: {
            items: components["schemas"]["Client"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "phone": "+14155550199",
         *       "tags": [
         *         "wholesale",
         *         "priority"
         *       ]
         *     } */
        ClientPatch: {
            name?: string;
            phone?: string | null;
            email?: string | null;
            company_name?: string | null;
            inn?: string | null;
            vat_number?: string | null;
            industry?: string | null;
            segment?: string | null;
            city?: string | null;
            source?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /**
         * @description A commercial order (quotation).
         * @example {
         *       "id": "0193b1e0-5555-7a10-8f3e-5b2a9c1d4e6f",
         *       "deal_id": "0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f",
         *       "client_id": "0193b1e0-6666-7a10-8f3e-5b2a9c1d4e6f",
         *       "title": "Kitchen set",
         *       "status": "confirmed",
         *       "currency": "UZS",
         *       "items": [
         *         {
         *           "name": "Cabinet",
         *           "qty": 4,
         *           "price": 1250000.5
         *         }
         *       ],
         *       "production_order_id": null,
         *       "approved_at": null,
         *       "created_at": "2025-03-01T09:30:00.000+00:00"
         *     }
         */
        CommercialOrder: {
            id: string;
            deal_id: string | null;
            client_id: string | null;
            title: string;
            /** @enum {string} */
            status: "draft" | "sent" | "confirmed" | "approved" | "transferred" | "fulfilled";
            currency: string;
            items: {
                name: string;
                qty: number;
                price: number;
            }[];
            production_order_id: string | null;
            approved_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description One page of a list. */
        CommercialOrderList: {
            items: components["schemas"]["CommercialOrder"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description A contact person.
         * @example {
         *       "id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
         *       "version": 1,
         *       "created_at": "2025-03-01T09:30:00.000+00:00",
         *       "updated_at": "2025-03-01T09:30:00.000+00:00",
         *       "name": "Dilnoza Karimova",
         *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "phone": "+998901234567",
         *       "email": "dilnoza@northwind.example",
         *       "telegram": "@dilnoza_k",
         *       "job_title": "Purchasing manager",
         *       "instagram": null,
         *       "tags": [],
         *       "is_archived": false,
         *       "channels": [
         *         {
         *           "kind": "phone",
         *           "value": "+998901234567",
         *           "isPrimary": true,
         *           "verified": false
         *         },
         *         {
         *           "kind": "email",
         *           "value": "dilnoza@northwind.example",
         *           "isPrimary": true,
         *           "verified": false
         *         },
         *         {
         *           "kind": "telegram",
         *           "value": "@dilnoza_k",
         *           "isPrimary": true,
         *           "verified": false
         *         }
         *       ]
         *     }
         */
        Contact: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            version: number;
            client_id: string | null;
            name: string;
            phone: string | null;
            email: string | null;
            telegram: string | null;
            instagram: string | null;
            job_title: string | null;
            tags: string[];
            channels: components["schemas"]["Channel"][];
            is_archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @example {
         *       "name": "Dilnoza Karimova",
         *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "phone": "+998901234567",
         *       "email": "dilnoza@northwind.example",
         *       "telegram": "@dilnoza_k",
         *       "job_title": "Purchasing manager"
         *     } */
        ContactCreate: {
            /**
             * Format: uuid
             * @description generated when absent; an existing id gives 409 duplicate_id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            name: string;
            client_id?: string | null;
            phone?: string | null;
            email?: string | null;
            telegram?: string | null;
            instagram?: string | null;
            job_title?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /** @description One page of a list. */
        ContactList: {
            items: components["schemas"]["Contact"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "job_title": "Head of purchasing"
         *     } */
        ContactPatch: {
            name?: string;
            client_id?: string | null;
            phone?: string | null;
            email?: string | null;
            telegram?: string | null;
            instagram?: string | null;
            job_title?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /**
         * @description The subscription just created, with its signing secret (shown once: a replay answers without it, with a note saying so).
         * @example {
         *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
         *       "version": 1,
         *       "name": "ERP sync",
         *       "url": "https://erp.example.com/hooks/bizplat",
         *       "events": [
         *         "client.created",
         *         "deal.won"
         *       ],
         *       "isActive": true,
         *       "includeRecord": false,
         *       "failureCount": 0,
         *       "lastSuccessAt": null,
         *       "lastFailureAt": null,
         *       "secret": "whsec_P5wrfl0aTI6bD2otfE4bil89nG4qe08djA5qO50vfE4=",
         *       "note": "store the secret now: it is not shown again"
         *     }
         */
        CreatedWebhookSubscription: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @description beyond the spec: the version PATCH /webhooks/{id} takes in If-Match */
            version: number;
            name: string;
            /**
             * Format: uri
             * @description an https:// URL
             */
            url: string;
            /** @description catalog event names, or ["*"] for every event */
            events: string[];
            isActive: boolean;
            /** @description beyond the spec: whether each delivery's data also carries record, the record as its GET showed it right after the change (as the events feed gives it with include=record), where the domain records it */
            includeRecord: boolean;
            /** @description failed attempts since the last success */
            failureCount: number;
            lastSuccessAt: string | null;
            lastFailureAt: string | null;
            /** @description the signing secret: shown only in the first response; an Idempotency-Key replay of the create answers without it */
            secret?: string;
            note: string;
        };
        /**
         * @description A deal.
         * @example {
         *       "id": "0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
         *       "version": 1,
         *       "created_at": "2025-03-01T09:30:00.000+00:00",
         *       "updated_at": "2025-03-01T09:30:00.000+00:00",
         *       "title": "Spring order: 40 display racks",
         *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
         *       "amount": 12500.5,
         *       "currency": "USD",
         *       "stage": "Negotiation",
         *       "source": "referral",
         *       "tags": [
         *         "retail"
         *       ],
         *       "stage_id": "0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f",
         *       "funnel_id": "0193b1d0-0000-7000-8000-000000000001",
         *       "assignee_id": null,
         *       "is_archived": false
         *     }
         */
        Deal: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            version: number;
            title: string;
            client_id: string | null;
            contact_id: string | null;
            amount: number;
            currency: string;
            /** @description stage name */
            stage: string;
            /**
             * Format: uuid
             * @description canonical stage id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            stage_id: string;
            /**
             * Format: uuid
             * @description the sales funnel
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            funnel_id: string;
            source: string | null;
            assignee_id: string | null;
            tags: string[];
            is_archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @example {
         *       "title": "Spring order: 40 display racks",
         *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
         *       "amount": 12500.5,
         *       "currency": "USD",
         *       "stage": "Negotiation",
         *       "source": "referral",
         *       "tags": [
         *         "retail"
         *       ]
         *     } */
        DealCreate: {
            /**
             * Format: uuid
             * @description generated when absent; an existing id gives 409 duplicate_id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            title: string;
            client_id?: string | null;
            contact_id?: string | null;
            /** @description at most two fraction digits */
            amount?: number;
            /** @description ISO 4217 code; default: the organization currency */
            currency?: string;
            /** @description the sales funnel; default: the organization's default funnel */
            funnel_id?: string;
            /** @description stage name within the funnel */
            stage?: string;
            /** @description the canonical stage id (instead of stage) */
            stage_id?: string;
            source?: string | null;
            assignee_id?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /** @description One page of a list. */
        DealList: {
            items: components["schemas"]["Deal"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "stage": "Won",
         *       "amount": 13200
         *     } */
        DealPatch: {
            title?: string;
            client_id?: string | null;
            contact_id?: string | null;
            /** @description at most two fraction digits */
            amount?: number;
            /** @description ISO 4217 code; default: the organization currency */
            currency?: string;
            /** @description the sales funnel; default: the organization's default funnel */
            funnel_id?: string;
            /** @description stage name within the funnel */
            stage?: string;
            /** @description the canonical stage id (instead of stage) */
            stage_id?: string;
            source?: string | null;
            assignee_id?: string | null;
            /** @description free labels */
            tags?: string[];
            is_archived?: boolean;
        };
        /**
         * @description An employee of the directory (safe fields only).
         * @example {
         *       "id": "0190a1b2-0000-7000-8000-000000000e01",
         *       "user_id": null,
         *       "full_name": "Aziza Rahimova",
         *       "position": "Accountant",
         *       "department_id": "finance",
         *       "status": "active"
         *     }
         */
        Employee: {
            id: string;
            /** @description the platform user of this employee, when linked */
            user_id: string | null;
            full_name: string;
            position: string | null;
            department_id: string | null;
            /** @enum {string} */
            status: "active" | "on_leave" | "dismissed";
        };
        /** @description One page of a list. */
        EmployeeList: {
            items: components["schemas"]["Employee"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @description Every error has this shape. */
        ErrorEnvelope: {
            /** @description error class: bad_request, unauthorized, forbidden, not_found, conflict, payload_too_large, uri_too_long, unsupported_media_type, validation_error, too_many_requests, internal_error, service_unavailable */
            error: string;
            /** @description what went wrong, in a sentence */
            message: string;
            /** @description quote it to support; equals the X-Request-Id header */
            request_id: string;
            details: {
                /** @description the specific code: api_token_required, insufficient_scope, not_found, validation_error, stale_version, duplicate_id, already_exists, idempotency_in_progress, idempotency_claim_lost, malformed_json, empty_body, body_too_large, unsupported_media_type, unsupported_content_encoding, bad_url, uri_too_long, missing_host, duplicate_host, rate_limited, shutting_down, database_unavailable, statement_timeout, storage_full, internal_error, … */
                error: string;
                /** @description validation_error: one entry per field */
                fields?: {
                    /** @description dotted path into the body or query, e.g. lines.0.qty */
                    field: string;
                    message: string;
                }[];
                /** @description insufficient_scope: the token scope the operation needs */
                required_scope?: string;
                /** @description insufficient_scope: the role right the token owner lacks ("all": an administrator) */
                required_right?: string;
                /** @description stale_version: the version the change expected */
                expected_version?: number;
                /** @description a further code, e.g. idempotency_key_reused */
                reason?: string;
                /** @description duplicate_id: the id that exists */
                id?: string;
                /** @description rate_limited: requests allowed per minute */
                limit?: number;
                /** @description stock refusals: the item */
                item_id?: string;
                /** @description stock refusals: the warehouse */
                warehouse_id?: string;
                /** @description stock refusals: the quantity available */
                available?: number;
                /** @description stock refusals: the quantity asked for */
                requested?: number;
                /** @description reservation refusals: the quantity reserved */
                reserved?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @example {
         *       "events": [
         *         "client.created",
         *         "client.updated",
         *         "deal.created",
         *         "deal.updated",
         *         "deal.won",
         *         "deal.lost",
         *         "finance_request.created",
         *         "finance_request.approved",
         *         "finance_request.paid",
         *         "finance_request.rejected",
         *         "contact.created",
         *         "contact.updated",
         *         "contact.archived",
         *         "task.created",
         *         "task.updated",
         *         "task.status_changed",
         *         "task.assigned",
         *         "product.created",
         *         "product.updated",
         *         "movement.created",
         *         "meeting.created",
         *         "meeting.updated",
         *         "process.started",
         *         "process.completed",
         *         "process.failed",
         *         "process.cancelled",
         *         "process.stage_decided",
         *         "*"
         *       ]
         *     } */
        EventCatalog: {
            events: string[];
        };
        /** @description One page of the events feed. */
        EventFeedPage: {
            /** @description in commit order */
            items: components["schemas"]["FeedEvent"][];
            /** @description pass as cursor to read on; a page shorter than limit reached the end for now: poll again with this cursor */
            next_cursor: string;
        };
        FeedEvent: {
            /**
             * Format: uuid
             * @description the event id: the X-Webhook-Id of its deliveries, so a receiver de-duplicates by it
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @description the event name (catalog) */
            event: string;
            /** @description as in the webhook body: entityType and entityId, then the event context; with include=record also `record`, the record as its GET showed it right after the change */
            data: {
                /** @description the kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process */
                entityType: string;
                /** @description the record id */
                entityId: string;
            } & {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description when the event happened (as in the webhook body)
             */
            ts: string;
        };
        /** @description A finance (expense) category or fund. */
        FinanceCategory: {
            id: string;
            name: string;
            type: string;
            value: string;
            /** @description hex colour, #RRGGBB */
            color: string;
            order: number;
            parent_category_id: string | null;
            isArchived: boolean;
        };
        /** @description One page of a list. */
        FinanceCategoryList: {
            items: components["schemas"]["FinanceCategory"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description A payment (finance) request.
         * @example {
         *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
         *       "version": 1,
         *       "title": "Office rent, March",
         *       "amount": "12500.00",
         *       "currency": "UZS",
         *       "category": "Rent",
         *       "counterparty": "Tower Estates",
         *       "counterpartyInn": null,
         *       "status": "pending",
         *       "paymentDate": "2025-03-05",
         *       "invoiceNumber": null,
         *       "vatAmount": "0.00",
         *       "amountWithVat": "12500.00",
         *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
         *       "description": null,
         *       "createdAt": "2025-03-01T09:30:00.000+00:00",
         *       "isArchived": false
         *     }
         */
        FinanceRequest: {
            id: string;
            version: number;
            title: string;
            /** @description decimal with 2 fraction digits */
            amount: string;
            currency: string;
            category: string | null;
            counterparty: string | null;
            counterpartyInn: string | null;
            /** @enum {string} */
            status: "draft" | "pending" | "approved" | "rejected" | "paid";
            paymentDate: string | null;
            invoiceNumber: string | null;
            /** @description decimal with 2 fraction digits */
            vatAmount: string;
            /** @description decimal with 2 fraction digits */
            amountWithVat: string;
            /** @description user id of the requester */
            requestedBy: string;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
            isArchived: boolean;
        };
        /** @example {
         *       "title": "Office rent, March",
         *       "amount": "12500.00",
         *       "currency": "UZS",
         *       "counterparty": "Tower Estates",
         *       "category": "Rent",
         *       "paymentDate": "2025-03-05"
         *     } */
        FinanceRequestCreate: {
            /**
             * Format: uuid
             * @description generated when absent; an existing id gives 409 duplicate_id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            title: string;
            /** @description the amount without VAT, more than zero; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            amount: number | string;
            /** @description ISO 4217 code; default: the organization currency */
            currency?: string;
            /** @description the VAT on top of amount (default 0); amountWithVat = amount + vatAmount; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            vatAmount?: number | string;
            /**
             * @description draft keeps the request as a draft; any other value creates it pending (never approved)
             * @enum {string}
             */
            status?: "draft" | "pending" | "approved" | "rejected" | "paid";
            counterparty?: string | null;
            counterpartyInn?: string | null;
            category?: string | null;
            paymentDate?: string | null;
            invoiceNumber?: string | null;
            description?: string | null;
        };
        /** @example {
         *       "title": "Server hosting",
         *       "amount": 120.5,
         *       "currency": "USD",
         *       "category_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "comment": "Annual plan"
         *     } */
        FinanceRequestCreateById: {
            /**
             * Format: uuid
             * @description generated when absent; an existing id gives 409 duplicate_id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            title: string;
            /** @description the amount without VAT, more than zero; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            amount: number | string;
            /** @description ISO 4217 code; default: the organization currency */
            currency?: string;
            /** @description the VAT on top of amount (default 0); amountWithVat = amount + vatAmount; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            vatAmount?: number | string;
            /**
             * @description draft keeps the request as a draft; any other value creates it pending (never approved)
             * @enum {string}
             */
            status?: "draft" | "pending" | "approved" | "rejected" | "paid";
            category_id?: string | null;
            comment?: string | null;
        };
        /** @description One page of a list. */
        FinanceRequestList: {
            items: components["schemas"]["FinanceRequest"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "status": "approved"
         *     } */
        FinanceRequestPatch: {
            title?: string;
            /** @description the amount without VAT, more than zero; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            amount?: number | string;
            /** @description ISO 4217 code; default: the organization currency */
            currency?: string;
            /** @description the VAT on top of amount (default 0); amountWithVat = amount + vatAmount; a number or a decimal string, at most two fraction digits, up to 999999999999.99 */
            vatAmount?: number | string;
            /**
             * @description draft keeps the request as a draft; any other value creates it pending (never approved)
             * @enum {string}
             */
            status?: "draft" | "pending" | "approved" | "rejected" | "paid";
            counterparty?: string | null;
            counterpartyInn?: string | null;
            category?: string | null;
            paymentDate?: string | null;
            invoiceNumber?: string | null;
            description?: string | null;
            category_id?: string | null;
            comment?: string | null;
            isArchived?: boolean;
        };
        Funnel: {
            /**
             * Format: uuid
             * @description the funnel id (funnel_id of a deal)
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            name: string;
            /** @description the funnel a deal goes to when it names none */
            is_default: boolean;
            /** @description in order */
            stages: components["schemas"]["FunnelStage"][];
        };
        /** @description One page of a list. */
        FunnelList: {
            items: components["schemas"]["Funnel"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        FunnelStage: {
            /**
             * Format: uuid
             * @description the stage id (stage_id of a deal)
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @description the stage name (stage of a deal) */
            name: string;
            /**
             * @description open, won (a deal moved here raises deal.won) or lost (deal.lost)
             * @enum {string}
             */
            kind: "open" | "won" | "lost";
            /** @description position in the funnel, ascending */
            order: number;
        };
        Me: {
            /** @description The user id: what assignee_id, executor_ids and other user references take. */
            userId: string;
            /** @description The membership id in this organization, as /ping reports it. */
            orgUserId: string;
            name: string;
            email: string | null;
            organization: {
                id: string;
                slug: string;
                name: string;
                currency: string;
            };
            tokenId: string;
            scopes: string[];
            /** @description The rights the user holds in the organization (every right for its owner). A call needs both its scope on the token and its right here. */
            rights: string[];
            isOwner: boolean;
        };
        /**
         * @description A meeting, or one occurrence of a recurring meeting.
         * @example {
         *       "title": "Weekly planning",
         *       "start_at": "2030-03-25T10:00:00+02:00",
         *       "end_at": "2030-03-25T10:45:00+02:00",
         *       "location": "Room 4",
         *       "video_url": "https://meet.example.com/planning",
         *       "summary": "Priorities of the week",
         *       "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
         *       "reminder_minutes": 15,
         *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "duration_minutes": 45,
         *       "version": 1,
         *       "updated_at": "2030-03-01T09:12:00+00:00",
         *       "owner_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
         *       "participantIds": [
         *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
         *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70"
         *       ]
         *     }
         */
        Meeting: {
            /** @description the meeting id; an occurrence of a series in a list is `<meeting id>:<its start in UTC, YYYYMMDDTHHMMSSZ>` */
            id: string;
            title: string;
            /**
             * Format: date-time
             * @description with the offset of the organization's time zone
             */
            start_at: string;
            /** Format: date-time */
            end_at: string;
            duration_minutes: number;
            location: string | null;
            video_url: string | null;
            /** @description user ids, the owner first */
            participantIds: string[];
            recurrence_rule: string | null;
            owner_user_id: string;
            summary: string | null;
            reminder_minutes: number | null;
            /** @description the meeting's version (every occurrence of a series shows the series'): If-Match of PATCH /meetings/{id} */
            version: number;
            /**
             * Format: date-time
             * @description extension: when the meeting was booked or last changed (every occurrence of a series shows the series'); see updated_since
             */
            updated_at: string;
        };
        /** @example {
         *       "title": "Weekly planning",
         *       "start_at": "2030-03-25T10:00:00+02:00",
         *       "end_at": "2030-03-25T10:45:00+02:00",
         *       "participant_ids": [
         *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70"
         *       ],
         *       "location": "Room 4",
         *       "video_url": "https://meet.example.com/planning",
         *       "summary": "Priorities of the week",
         *       "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
         *       "reminder_minutes": 15
         *     } */
        MeetingCreate: {
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601 with offset; not in the past. The first occurrence of a series: it must be an occurrence of recurrence_rule
             */
            start_at: string;
            /**
             * Format: date-time
             * @description after start_at, at most 20160 minutes later; start_at plus 60 minutes by default
             */
            end_at?: string;
            /** @description the creator is added; duplicates collapse */
            participant_ids?: string[];
            location?: string | null;
            video_url?: string | null;
            summary?: string | null;
            recurrence_rule?: string | null;
            reminder_minutes?: number | null;
        };
        /** @description One page of a list. */
        MeetingList: {
            items: components["schemas"]["Meeting"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "start_at": "2030-03-25T11:00:00+02:00",
         *       "location": "Room 5"
         *     } */
        MeetingPatch: {
            title?: string;
            /**
             * Format: date-time
             * @description ISO 8601 with offset; a changed start must not be past. Without end_at the meeting keeps its duration
             */
            start_at?: string;
            /**
             * Format: date-time
             * @description after start_at, at most 20160 minutes later; start_at plus 60 minutes by default
             */
            end_at?: string;
            /** @description replaces the participants; the owner stays; those added are notified as on a booking */
            participant_ids?: string[];
            location?: string | null;
            video_url?: string | null;
            summary?: string | null;
            recurrence_rule?: string | null;
            reminder_minutes?: number | null;
        };
        /**
         * @description A stock movement with its lines.
         * @example {
         *       "id": "0193b1e3-2222-7000-8000-000000000001",
         *       "kind": "in",
         *       "date": "2025-03-01T09:30:00.000",
         *       "from_warehouse_id": null,
         *       "to_warehouse_id": "0193b1e1-0000-7000-8000-00000000a001",
         *       "reason": "Delivery from Fergana Woodworks",
         *       "reference_type": "purchase_invoice",
         *       "reference_id": "INV-2025-0312",
         *       "created_by_user_id": "0193b1c0-0000-7000-8000-000000000001",
         *       "lines": [
         *         {
         *           "id": "0193b1e3-2222-7000-8000-000000000002",
         *           "item_id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
         *           "qty": "40.000",
         *           "cost_per_unit": "24.50",
         *           "cost_currency": "USD",
         *           "batch_id": null,
         *           "serial_numbers": null,
         *           "notes": null
         *         }
         *       ]
         *     }
         */
        Movement: {
            id: string;
            /** @enum {string} */
            kind: "in" | "out" | "transfer" | "adjustment" | "produce" | "consume";
            /** @description UTC timestamp without offset */
            date: string;
            from_warehouse_id: string | null;
            to_warehouse_id: string | null;
            reason: string | null;
            reference_type: string | null;
            reference_id: string | null;
            created_by_user_id: string;
            lines: components["schemas"]["MovementLine"][];
        };
        /** @example {
         *       "kind": "in",
         *       "warehouse_id": "0193b1e1-0000-7000-8000-00000000a001",
         *       "lines": [
         *         {
         *           "item_id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
         *           "qty": "40",
         *           "cost_per_unit": "24.50"
         *         }
         *       ],
         *       "notes": "Delivery from Fergana Woodworks",
         *       "reference_type": "purchase_invoice",
         *       "reference_id": "INV-2025-0312"
         *     } */
        MovementCreate: {
            /** @enum {string} */
            kind: "in" | "out" | "transfer" | "adjustment";
            /** @description the warehouse; the source of a transfer */
            warehouse_id: string;
            to_warehouse_id?: string | null;
            lines: components["schemas"]["MovementLineInput"][];
            notes?: string | null;
            reference_type?: string | null;
            reference_id?: string | null;
        };
        MovementLine: {
            id: string;
            item_id: string;
            /** @description decimal with 3 fraction digits */
            qty: string;
            /** @description decimal with 2 fraction digits */
            cost_per_unit: string;
            cost_currency: string;
            batch_id: string | null;
            serial_numbers: string[] | null;
            notes: string | null;
        };
        MovementLineInput: {
            /** @description a product */
            item_id: string;
            /** @description a number or a decimal string; may be negative only for adjustment */
            qty: number | string;
            cost_per_unit?: number | string;
            batch_id?: string | null;
            serial_numbers?: string[] | null;
            notes?: string | null;
        };
        /** @description A page of movements, newest first. */
        MovementPage: {
            items: components["schemas"]["Movement"][];
            total: number;
            limit: number;
            /** @description pass as cursor for the next page; null on the last page */
            next_cursor: string | null;
        };
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        Ping: {
            ok: boolean;
            /** @enum {string} */
            apiVersion: "v1";
            scopes: string[];
            tokenId: string;
            orgUserId: string;
        };
        /** @description A process instance with its stages. */
        Process: {
            id: string;
            template_id: string;
            template_title: string;
            /** @enum {string} */
            status: "running" | "completed" | "cancelled" | "failed";
            entity_type: ("deal" | "client" | "task") | null;
            entity_id: string | null;
            initiated_by_id: string;
            /** @description ids of the active stage instances */
            current_stage_ids: string[];
            /** @description share of the template's stages finished; 100 once completed */
            progress: number;
            /** Format: date-time */
            started_at: string;
            /** @description when the process completed, failed or was cancelled */
            completed_at: string | null;
            /** @description in activation order */
            stage_instances: components["schemas"]["StageInstance"][];
        };
        /** @example {
         *       "template_id": "deal-approval",
         *       "entity_type": "deal",
         *       "entity_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
         *       "variables": {
         *         "amount": 120000
         *       }
         *     } */
        ProcessCreate: {
            /** @description a published template of the organization */
            template_id: string;
            /**
             * @description what the process is about; with entity_id
             * @enum {string}
             */
            entity_type?: "deal" | "client" | "task";
            /** @description an existing deal, client or task of the organization, as entity_type says */
            entity_id?: string;
            /** @description any values the process carries */
            variables?: {
                [key: string]: unknown;
            };
            /** @description another name for variables; give one of the two */
            initial_variables?: {
                [key: string]: unknown;
            };
        };
        /** @description One page of a list. */
        ProcessList: {
            items: components["schemas"]["ProcessSummary"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description A process just started.
         * @example {
         *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "template_id": "deal-approval",
         *       "status": "running",
         *       "current_stage_ids": [
         *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e80"
         *       ],
         *       "started_at": "2026-03-01T09:30:00.000+00:00"
         *     }
         */
        ProcessStarted: {
            id: string;
            template_id: string;
            /** @enum {string} */
            status: "running" | "completed" | "cancelled" | "failed";
            /** @description ids of the active stage instances */
            current_stage_ids: string[];
            /** Format: date-time */
            started_at: string;
        };
        /**
         * @description A process instance as lists show it.
         * @example {
         *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "template_id": "deal-approval",
         *       "status": "running",
         *       "current_stage_ids": [
         *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e80"
         *       ],
         *       "started_at": "2026-03-01T09:30:00.000+00:00",
         *       "template_title": "Large deal approval",
         *       "entity_type": "deal",
         *       "entity_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
         *       "initiated_by_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
         *       "progress": 33,
         *       "completed_at": null
         *     }
         */
        ProcessSummary: {
            id: string;
            template_id: string;
            template_title: string;
            /** @enum {string} */
            status: "running" | "completed" | "cancelled" | "failed";
            entity_type: ("deal" | "client" | "task") | null;
            entity_id: string | null;
            initiated_by_id: string;
            /** @description ids of the active stage instances */
            current_stage_ids: string[];
            /** @description share of the template's stages finished; 100 once completed */
            progress: number;
            /** Format: date-time */
            started_at: string;
            /** @description when the process completed, failed or was cancelled */
            completed_at: string | null;
        };
        /**
         * @description A published process template (read only).
         * @example {
         *       "id": "deal-approval",
         *       "title": "Large deal approval",
         *       "trigger_entity": "deal",
         *       "category": "sales",
         *       "description": "Check, approve, then prepare the contract."
         *     }
         */
        ProcessTemplate: {
            id: string;
            title: string;
            trigger_entity: string | null;
            category: string | null;
            description: string | null;
        };
        /** @description One page of a list. */
        ProcessTemplateList: {
            items: components["schemas"]["ProcessTemplate"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description A nomenclature item.
         * @example {
         *       "id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
         *       "name": "Oak shelf 80 cm",
         *       "sku": "SH-OAK-080",
         *       "unit": "pcs",
         *       "item_type": "product",
         *       "cost_per_unit": 24.5,
         *       "price": 39.9,
         *       "barcode": "4601234567890",
         *       "manufacturer": "Fergana Woodworks",
         *       "category_id": null,
         *       "minStockLevel": 10,
         *       "maxStockLevel": null,
         *       "isArchived": false,
         *       "version": 1
         *     }
         */
        Product: {
            id: string;
            sku: string | null;
            name: string;
            unit: string | null;
            /** @enum {string} */
            item_type: "product" | "service" | "material" | "finished_good";
            category_id: string | null;
            cost_per_unit: number;
            price: number;
            barcode: string | null;
            manufacturer: string | null;
            minStockLevel: number | null;
            maxStockLevel: number | null;
            isArchived: boolean;
            version: number;
        };
        /** @example {
         *       "name": "Oak shelf 80 cm",
         *       "sku": "SH-OAK-080",
         *       "unit": "pcs",
         *       "item_type": "product",
         *       "cost_per_unit": 24.5,
         *       "price": 39.9,
         *       "barcode": "4601234567890",
         *       "manufacturer": "Fergana Woodworks"
         *     } */
        ProductCreate: {
            name: string;
            sku?: string | null;
            unit?: string | null;
            /**
             * @description services are not stocked
             * @enum {string}
             */
            item_type?: "product" | "service" | "material" | "finished_good";
            category_id?: string | null;
            /** @description at most two fraction digits */
            cost_per_unit?: number;
            /** @description at most two fraction digits */
            price?: number;
            barcode?: string | null;
            manufacturer?: string | null;
            minStockLevel?: number | null;
            maxStockLevel?: number | null;
        };
        /**
         * @description A production order, as lists show it.
         * @example {
         *       "id": "0193b1e0-3333-7a10-8f3e-5b2a9c1d4e6f",
         *       "title": "Kitchen set for Alpha LLC",
         *       "status": "open",
         *       "pipelineId": "furniture",
         *       "currentStageId": "cutting",
         *       "dealId": "0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f",
         *       "items": [
         *         {
         *           "name": "Cabinet",
         *           "qty": 4
         *         }
         *       ],
         *       "qtyToProduce": 4,
         *       "qtyProduced": 0,
         *       "customerName": "Alpha LLC",
         *       "plannedDeliveryDate": "2025-04-15",
         *       "monitorStatus": "on_track"
         *     }
         */
        ProductionOrder: {
            id: string;
            title: string;
            /** @enum {string} */
            status: "open" | "in_progress" | "paused" | "completed" | "cancelled";
            pipelineId: string | null;
            currentStageId: string | null;
            dealId: string | null;
            items: {
                name: string;
                qty: number;
            }[];
            qtyToProduce: number;
            qtyProduced: number;
            customerName: string | null;
            plannedDeliveryDate: string | null;
            /** @enum {string} */
            monitorStatus: "on_track" | "at_risk" | "delayed";
        };
        /**
         * @description A production order with its current stage.
         * @example {
         *       "id": "0193b1e0-3333-7a10-8f3e-5b2a9c1d4e6f",
         *       "title": "Kitchen set for Alpha LLC",
         *       "status": "open",
         *       "pipelineId": "furniture",
         *       "currentStageId": "cutting",
         *       "dealId": "0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f",
         *       "items": [
         *         {
         *           "name": "Cabinet",
         *           "qty": 4
         *         }
         *       ],
         *       "qtyToProduce": 4,
         *       "qtyProduced": 0,
         *       "customerName": "Alpha LLC",
         *       "plannedDeliveryDate": "2025-04-15",
         *       "monitorStatus": "on_track",
         *       "currentStage": {
         *         "id": "cutting",
         *         "title": "Cutting"
         *       }
         *     }
         */
        ProductionOrderDetail: {
            id: string;
            title: string;
            /** @enum {string} */
            status: "open" | "in_progress" | "paused" | "completed" | "cancelled";
            pipelineId: string | null;
            currentStageId: string | null;
            dealId: string | null;
            items: {
                name: string;
                qty: number;
            }[];
            qtyToProduce: number;
            qtyProduced: number;
            customerName: string | null;
            plannedDeliveryDate: string | null;
            /** @enum {string} */
            monitorStatus: "on_track" | "at_risk" | "delayed";
            /** @description the current stage and its title from the pipeline; null when the order has no pipeline or no stage */
            currentStage: {
                id: string;
                title: string;
            } | null;
        };
        /** @description One page of a list. */
        ProductionOrderList: {
            items: components["schemas"]["ProductionOrder"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @description One page of a list. */
        ProductList: {
            items: components["schemas"]["Product"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "price": 42,
         *       "minStockLevel": 10
         *     } */
        ProductPatch: {
            name?: string;
            sku?: string | null;
            unit?: string | null;
            /**
             * @description services are not stocked
             * @enum {string}
             */
            item_type?: "product" | "service" | "material" | "finished_good";
            category_id?: string | null;
            /** @description at most two fraction digits */
            cost_per_unit?: number;
            /** @description at most two fraction digits */
            price?: number;
            barcode?: string | null;
            manufacturer?: string | null;
            minStockLevel?: number | null;
            maxStockLevel?: number | null;
            isArchived?: boolean;
        };
        /**
         * @description A project tasks belong to (read only).
         * @example {
         *       "id": "prj-website",
         *       "name": "Website relaunch",
         *       "icon": "globe",
         *       "color": "#3366ff"
         *     }
         */
        Project: {
            id: string;
            name: string;
            icon: string | null;
            color: string | null;
        };
        /** @description One page of a list. */
        ProjectList: {
            items: components["schemas"]["Project"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @description A receivable (money a client owes). */
        Receivable: {
            id: string;
            clientId: string;
            dealId: string | null;
            amount: number;
            paidAmount: number;
            currency: string;
            /** Format: date */
            dueDate: string;
            /**
             * @description computed when read: paid, else overdue, else partial, else open
             * @enum {string}
             */
            status: "open" | "partial" | "paid" | "overdue";
            paidDate: string | null;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description One page of a list. */
        ReceivableList: {
            items: components["schemas"]["Receivable"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description The new signing secret of a subscription (shown once) and the end of the overlap with the previous one.
         * @example {
         *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
         *       "secret": "whsec_2Vt8b0GQx1mY3kQ9n4cL7rJ5pW6sA0dE8fH1iK2lM3o=",
         *       "previousSecretExpiresAt": "2025-03-02T09:30:00.000+00:00",
         *       "note": "store the new secret now: it is not shown again"
         *     }
         */
        RotatedWebhookSecret: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @description the new signing secret: shown only in this response; an Idempotency-Key replay answers without it */
            secret?: string;
            previousSecretExpiresAt: string | null;
            note: string;
        };
        /** @description A stage of a process, once activated. */
        StageInstance: {
            id: string;
            stage_title: string;
            /** @enum {string} */
            stage_type: "task" | "approval" | "end";
            /** @enum {string} */
            status: "active" | "completed" | "cancelled";
            /** @description approval stages: approved or rejected once decided */
            decision: ("approved" | "rejected") | null;
            /** @description the stage executor (null for an end stage) */
            assignee_id: string | null;
            /** @description beyond the spec: the task the stage became (GET /tasks/{id}, for those who see it); closing it completes or decides the stage. null for an end stage */
            task_id: string | null;
            /** Format: date-time */
            activated_at: string;
            /** @description when it completed or was cancelled */
            completed_at: string | null;
        };
        /**
         * @description The stock of one item in one warehouse (read only: it changes through movements).
         * @example {
         *       "id": "0193b1e2-1111-7000-8000-000000000001",
         *       "warehouseId": "0193b1e1-0000-7000-8000-00000000a001",
         *       "itemId": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
         *       "onHand": 120,
         *       "reserved": 15,
         *       "available": 105,
         *       "lastMovementAt": "2025-03-01T09:30:00.000",
         *       "version": 7
         *     }
         */
        StockBalance: {
            id: string;
            warehouseId: string;
            itemId: string;
            /** @description physically on the warehouse */
            onHand: number;
            reserved: number;
            /** @description onHand minus reserved */
            available: number;
            lastMovementAt: string | null;
            version: number;
        };
        /** @description One page of a list. */
        StockBalanceList: {
            items: components["schemas"]["StockBalance"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /**
         * @description A task. Archived tasks are never listed; they are read by id.
         * @example {
         *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
         *       "version": 1,
         *       "title": "Call Northwind about the spring order",
         *       "description": "Confirm quantities and the delivery date.",
         *       "priority": "high",
         *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
         *       "end_date": "2030-03-15",
         *       "end_time": "18:00",
         *       "tags": [
         *         "sales"
         *       ],
         *       "status": "New",
         *       "assignee_ids": [],
         *       "project_id": null,
         *       "start_date": null,
         *       "deal_id": null,
         *       "watcher_ids": [],
         *       "created_by_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
         *       "is_archived": false,
         *       "created_at": "2026-03-01T09:30:00.000+00:00",
         *       "updated_at": "2026-03-01T09:30:00.000+00:00"
         *     }
         */
        Task: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            version: number;
            title: string;
            description: string | null;
            status: string;
            /** @enum {string} */
            priority: "low" | "normal" | "high" | "urgent";
            assignee_id: string | null;
            assignee_ids: string[];
            project_id: string | null;
            start_date: string | null;
            end_date: string | null;
            end_time: string | null;
            deal_id: string | null;
            tags: string[];
            watcher_ids: string[];
            created_by_user_id: string;
            is_archived: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @example {
         *       "title": "Call Northwind about the spring order",
         *       "description": "Confirm quantities and the delivery date.",
         *       "priority": "high",
         *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
         *       "end_date": "2030-03-15",
         *       "end_time": "18:00",
         *       "tags": [
         *         "sales"
         *       ]
         *     } */
        TaskCreate: {
            title: string;
            description?: string | null;
            /** @description an exact status name of the organization's dictionary; by default its initial status */
            status?: string;
            /**
             * @description one of low, normal, high, urgent; normal by default; setting or changing it needs the right tasks.set_priority
             * @enum {string}
             */
            priority?: "low" | "normal" | "high" | "urgent";
            assignee_id?: string | null;
            /** @description co-executors */
            assignee_ids?: string[];
            project_id?: string | null;
            start_date?: string | null;
            end_date?: string | null;
            end_time?: string | null;
            deal_id?: string | null;
            /** @description free labels */
            tags?: string[];
            /** @description observers */
            watcher_ids?: string[];
        };
        /** @description One page of a list. */
        TaskList: {
            items: components["schemas"]["Task"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "status": "In progress",
         *       "end_date": "2030-03-20"
         *     } */
        TaskPatch: {
            title?: string;
            description?: string | null;
            /** @description an exact status name of the organization's dictionary; by default its initial status */
            status?: string;
            /**
             * @description one of low, normal, high, urgent; normal by default; setting or changing it needs the right tasks.set_priority
             * @enum {string}
             */
            priority?: "low" | "normal" | "high" | "urgent";
            assignee_id?: string | null;
            /** @description co-executors */
            assignee_ids?: string[];
            project_id?: string | null;
            start_date?: string | null;
            end_date?: string | null;
            end_time?: string | null;
            deal_id?: string | null;
            /** @description free labels */
            tags?: string[];
            /** @description observers */
            watcher_ids?: string[];
            /** @description true archives the task: it is listed no more; false restores it */
            is_archived?: boolean;
        };
        /**
         * @description A warehouse (read only).
         * @example {
         *       "id": "0193b1e1-0000-7000-8000-00000000a001",
         *       "name": "Main warehouse",
         *       "code": "MAIN",
         *       "city": "Tashkent",
         *       "address_line": "12 Amir Temur Ave",
         *       "isDefault": true,
         *       "isArchived": false
         *     }
         */
        Warehouse: {
            id: string;
            name: string;
            code: string | null;
            city: string | null;
            address_line: string | null;
            isDefault: boolean;
            isArchived: boolean;
        };
        /** @description One page of a list. */
        WarehouseList: {
            items: components["schemas"]["Warehouse"][];
            /** @description records matching, over all pages */
            total: number;
            limit: number;
            offset: number;
            /** @description extension: pass as cursor for the page after this one; null on the last page */
            next_cursor: string | null;
        };
        /** @example {
         *       "event": "deal.won",
         *       "data": {
         *         "entityType": "deal",
         *         "entityId": "0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
         *         "version": 4,
         *         "stageId": "0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f",
         *         "stage": "Won"
         *       },
         *       "ts": "2025-03-01T09:30:00.000+00:00",
         *       "id": "0193b1d4-6a7b-7c8d-9e0f-1a2b3c4d5e6f",
         *       "type": "deal.won"
         *     } */
        WebhookPayload: {
            /** @enum {string} */
            event: "client.created" | "client.updated" | "deal.created" | "deal.updated" | "deal.won" | "deal.lost" | "finance_request.created" | "finance_request.approved" | "finance_request.paid" | "finance_request.rejected" | "contact.created" | "contact.updated" | "contact.archived" | "task.created" | "task.updated" | "task.status_changed" | "task.assigned" | "product.created" | "product.updated" | "movement.created" | "meeting.created" | "meeting.updated" | "process.started" | "process.completed" | "process.failed" | "process.cancelled" | "process.stage_decided";
            /** @description entityType and entityId, then the event context (version, changedFields, stageId, stage, …) */
            data: {
                /** @description the kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process */
                entityType: string;
                /** @description the record id */
                entityId: string;
            } & {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description when the event happened
             */
            ts: string;
            /**
             * Format: uuid
             * @description beyond the spec: the event id, as in the webhook-id and X-Webhook-Id headers (the same on every attempt and redelivery: repeats can be told apart). Present on every delivery made since it was added; a redelivery of one stored before is sent as it was
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id?: string;
            /**
             * @description beyond the spec: the event name again, under the name Standard Webhooks gives it
             * @enum {string}
             */
            type?: "client.created" | "client.updated" | "deal.created" | "deal.updated" | "deal.won" | "deal.lost" | "finance_request.created" | "finance_request.approved" | "finance_request.paid" | "finance_request.rejected" | "contact.created" | "contact.updated" | "contact.archived" | "task.created" | "task.updated" | "task.status_changed" | "task.assigned" | "product.created" | "product.updated" | "movement.created" | "meeting.created" | "meeting.updated" | "process.started" | "process.completed" | "process.failed" | "process.cancelled" | "process.stage_decided";
        };
        /**
         * @description A webhook subscription with its delivery statistics.
         * @example {
         *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
         *       "version": 1,
         *       "name": "ERP sync",
         *       "url": "https://erp.example.com/hooks/bizplat",
         *       "events": [
         *         "client.created",
         *         "deal.won"
         *       ],
         *       "isActive": true,
         *       "includeRecord": false,
         *       "failureCount": 0,
         *       "lastSuccessAt": "2025-03-01T09:30:00.000+00:00",
         *       "lastFailureAt": null
         *     }
         */
        WebhookSubscription: {
            /**
             * Format: uuid
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @description beyond the spec: the version PATCH /webhooks/{id} takes in If-Match */
            version: number;
            name: string;
            /**
             * Format: uri
             * @description an https:// URL
             */
            url: string;
            /** @description catalog event names, or ["*"] for every event */
            events: string[];
            isActive: boolean;
            /** @description beyond the spec: whether each delivery's data also carries record, the record as its GET showed it right after the change (as the events feed gives it with include=record), where the domain records it */
            includeRecord: boolean;
            /** @description failed attempts since the last success */
            failureCount: number;
            lastSuccessAt: string | null;
            lastFailureAt: string | null;
        };
        /** @example {
         *       "name": "ERP sync",
         *       "url": "https://erp.example.com/hooks/bizplat",
         *       "events": [
         *         "client.created",
         *         "deal.won"
         *       ]
         *     } */
        WebhookSubscriptionCreate: {
            name: string;
            /** @description an https:// URL on a public address */
            url: string;
            /** @description catalog event names, or "*" (or ["*"]) for every event */
            events: "*" | string[];
            /** @description beyond the spec: whether each delivery's data also carries record, the record as its GET showed it right after the change (as the events feed gives it with include=record), where the domain records it; false by default: the body is then exactly the spec's */
            includeRecord?: boolean;
        };
        WebhookSubscriptionList: {
            items: components["schemas"]["WebhookSubscription"][];
        };
        /** @example {
         *       "events": [
         *         "client.created",
         *         "client.updated",
         *         "deal.won"
         *       ]
         *     } */
        WebhookSubscriptionPatch: {
            name?: string;
            /** @description an https:// URL on a public address, checked as on create */
            url?: string;
            /** @description catalog event names, or "*" (or ["*"]) for every event */
            events?: "*" | string[];
            /** @description beyond the spec: whether each delivery's data also carries record, the record as its GET showed it right after the change (as the events feed gives it with include=record), where the domain records it */
            includeRecord?: boolean;
        };
        /**
         * @description The outcome of the one attempt of a test delivery (it is not retried).
         * @example {
         *       "id": "0193b1d4-6a7b-7c8d-9e0f-1a2b3c4d5e6f",
         *       "deliveryId": "0193b1d4-7a7b-7c8d-9e0f-1a2b3c4d5e6f",
         *       "event": "webhook.test",
         *       "ok": true,
         *       "statusCode": 204,
         *       "durationMs": 12,
         *       "error": null
         *     }
         */
        WebhookTestOutcome: {
            /**
             * Format: uuid
             * @description the test event id: the webhook-id and X-Webhook-Id it was sent with, and the body's id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /**
             * Format: uuid
             * @description the delivery in the delivery log (GET /admin/webhooks/deliveries)
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            deliveryId: string;
            /** @enum {string} */
            event: "webhook.test";
            /** @description the receiver answered 2xx */
            ok: boolean;
            statusCode: number | null;
            durationMs: number;
            error: string | null;
        };
        WebhookTestPayload: {
            /** @enum {string} */
            event: "webhook.test";
            data: {
                /** @enum {string} */
                entityType: "webhook_subscription";
                /**
                 * Format: uuid
                 * @description the subscription the test was sent to
                 * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
                 */
                entityId: string;
            };
            /**
             * Format: date-time
             * @description when the test was asked for
             */
            ts: string;
            /**
             * Format: uuid
             * @description the test event id, as in webhook-id and X-Webhook-Id
             * @example 0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f
             */
            id: string;
            /** @enum {string} */
            type: "webhook.test";
        };
    };
    responses: {
        /** @description The request could not be read: the URL, the JSON body or the Host header (bad_url, malformed_json, empty_body, invalid_content_length, missing_host, duplicate_host). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No valid token: missing, unknown, revoked or expired (api_token_required). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token lacks the scope, or its owner the role right (insufficient_scope; details.required_scope or details.required_right). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body is not application/json, or carries a Content-Encoding other than identity (unsupported_media_type, unsupported_content_encoding). */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The input is not valid (validation_error; details.fields lists each field). */
        ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Too many requests with this token; retry after Retry-After seconds (rate_limited). */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description An internal error; quote request_id to support (internal_error). */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The server is shutting down (shutting_down), cannot reach its database (database_unavailable), or the database stopped the request for running past its statement time-out (statement_timeout, nothing kept); retry after Retry-After seconds, or on another instance. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A conflict (stale_version with details.expected_version; a duplicate; idempotency_in_progress; idempotency_claim_lost). */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body is larger than the server accepts (body_too_large). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The disk holding the database is full (storage_full); retry after Retry-After seconds, once the operator has made room. */
        InsufficientStorage: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No such record in this organization (not_found). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A path parameter is too long (uri_too_long). */
        UriTooLong: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id (echoes a valid X-Request-Id sent by the client). */
        "X-Request-Id": string;
        /** @description The declared Content-Type is the only one: browsers must not guess another. */
        "X-Content-Type-Options": "nosniff";
        /** @description Requests allowed per minute with this token. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current minute. */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the window resets. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description The version tag of what was answered; send it as If-None-Match (GET) or If-Match (PATCH). */
        ETag: string;
        /** @description Present on an answer replayed for a repeated Idempotency-Key. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token is valid. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapabilitiesCatalog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEventCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event catalog. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "events": [
                     *         "client.created",
                     *         "client.updated",
                     *         "deal.created",
                     *         "deal.updated",
                     *         "deal.won",
                     *         "deal.lost",
                     *         "finance_request.created",
                     *         "finance_request.approved",
                     *         "finance_request.paid",
                     *         "finance_request.rejected",
                     *         "contact.created",
                     *         "contact.updated",
                     *         "contact.archived",
                     *         "task.created",
                     *         "task.updated",
                     *         "task.status_changed",
                     *         "task.assigned",
                     *         "product.created",
                     *         "product.updated",
                     *         "movement.created",
                     *         "meeting.created",
                     *         "meeting.updated",
                     *         "process.started",
                     *         "process.completed",
                     *         "process.failed",
                     *         "process.cancelled",
                     *         "process.stage_decided",
                     *         "*"
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["EventCatalog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "name": "ERP sync",
                 *       "url": "https://erp.example.com/hooks/bizplat",
                 *       "events": [
                 *         "client.created",
                 *         "deal.won"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["WebhookSubscriptionCreate"];
            };
        };
        responses: {
            /** @description The subscription, with its secret and a note. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
                     *       "version": 1,
                     *       "name": "ERP sync",
                     *       "url": "https://erp.example.com/hooks/bizplat",
                     *       "events": [
                     *         "client.created",
                     *         "deal.won"
                     *       ],
                     *       "isActive": true,
                     *       "includeRecord": false,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": null,
                     *       "lastFailureAt": null,
                     *       "secret": "whsec_P5wrfl0aTI6bD2otfE4bil89nG4qe08djA5qO50vfE4=",
                     *       "note": "store the secret now: it is not shown again"
                     *     } */
                    "application/json": components["schemas"]["CreatedWebhookSubscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription is disabled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "events": [
                 *         "client.created",
                 *         "client.updated",
                 *         "deal.won"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["WebhookSubscriptionPatch"];
            };
        };
        responses: {
            /** @description The subscription at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
                     *       "version": 1,
                     *       "name": "ERP sync",
                     *       "url": "https://erp.example.com/hooks/bizplat",
                     *       "events": [
                     *         "client.created",
                     *         "deal.won"
                     *       ],
                     *       "isActive": true,
                     *       "includeRecord": false,
                     *       "failureCount": 0,
                     *       "lastSuccessAt": "2025-03-01T09:30:00.000+00:00",
                     *       "lastFailureAt": null
                     *     } */
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description If-Match names another version (stale_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the attempt (a receiver that failed is reported here, not as an error). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d4-6a7b-7c8d-9e0f-1a2b3c4d5e6f",
                     *       "deliveryId": "0193b1d4-7a7b-7c8d-9e0f-1a2b3c4d5e6f",
                     *       "event": "webhook.test",
                     *       "ok": true,
                     *       "statusCode": 204,
                     *       "durationMs": 12,
                     *       "error": null
                     *     } */
                    "application/json": components["schemas"]["WebhookTestOutcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Outgoing deliveries of the organization are paused (deliveries_paused). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The subscription is disabled (validation_error). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret and when the previous one stops signing. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1f0-4d5e-7f60-8172-839405a6b7c8",
                     *       "secret": "whsec_2Vt8b0GQx1mY3kQ9n4cL7rJ5pW6sA0dE8fH1iK2lM3o=",
                     *       "previousSecretExpiresAt": "2025-03-02T09:30:00.000+00:00",
                     *       "note": "store the new secret now: it is not shown again"
                     *     } */
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The subscription is disabled (validation_error). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listFunnels: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of funnels. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunnelList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description part of the name, phone or email */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "name": "Northwind Trading",
                 *       "phone": "+14155550123",
                 *       "email": "orders@northwind.example",
                 *       "company_name": "Northwind Trading LLC",
                 *       "inn": "7701234567",
                 *       "city": "Tashkent",
                 *       "source": "website",
                 *       "tags": [
                 *         "wholesale"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["ClientCreate"];
            };
        };
        responses: {
            /** @description The client created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Northwind Trading",
                     *       "phone": "+14155550123",
                     *       "email": "orders@northwind.example",
                     *       "company_name": "Northwind Trading LLC",
                     *       "inn": "7701234567",
                     *       "city": "Tashkent",
                     *       "source": "website",
                     *       "tags": [
                     *         "wholesale"
                     *       ],
                     *       "vat_number": null,
                     *       "industry": "retail",
                     *       "segment": "B2B",
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Northwind Trading",
                     *       "phone": "+14155550123",
                     *       "email": "orders@northwind.example",
                     *       "company_name": "Northwind Trading LLC",
                     *       "inn": "7701234567",
                     *       "city": "Tashkent",
                     *       "source": "website",
                     *       "tags": [
                     *         "wholesale"
                     *       ],
                     *       "vat_number": null,
                     *       "industry": "retail",
                     *       "segment": "B2B",
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "phone": "+14155550199",
                 *       "tags": [
                 *         "wholesale",
                 *         "priority"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["ClientPatch"];
            };
        };
        responses: {
            /** @description The client at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Northwind Trading",
                     *       "phone": "+14155550123",
                     *       "email": "orders@northwind.example",
                     *       "company_name": "Northwind Trading LLC",
                     *       "inn": "7701234567",
                     *       "city": "Tashkent",
                     *       "source": "website",
                     *       "tags": [
                     *         "wholesale"
                     *       ],
                     *       "vat_number": null,
                     *       "industry": "retail",
                     *       "segment": "B2B",
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description only this client's contacts */
                client_id?: string;
                /** @description part of the name, phone or email */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contact persons. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "name": "Dilnoza Karimova",
                 *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                 *       "phone": "+998901234567",
                 *       "email": "dilnoza@northwind.example",
                 *       "telegram": "@dilnoza_k",
                 *       "job_title": "Purchasing manager"
                 *     } */
                "application/json": components["schemas"]["ContactCreate"];
            };
        };
        responses: {
            /** @description The contact person created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Dilnoza Karimova",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "phone": "+998901234567",
                     *       "email": "dilnoza@northwind.example",
                     *       "telegram": "@dilnoza_k",
                     *       "job_title": "Purchasing manager",
                     *       "instagram": null,
                     *       "tags": [],
                     *       "is_archived": false,
                     *       "channels": [
                     *         {
                     *           "kind": "phone",
                     *           "value": "+998901234567",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "email",
                     *           "value": "dilnoza@northwind.example",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "telegram",
                     *           "value": "@dilnoza_k",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         }
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contact person, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Dilnoza Karimova",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "phone": "+998901234567",
                     *       "email": "dilnoza@northwind.example",
                     *       "telegram": "@dilnoza_k",
                     *       "job_title": "Purchasing manager",
                     *       "instagram": null,
                     *       "tags": [],
                     *       "is_archived": false,
                     *       "channels": [
                     *         {
                     *           "kind": "phone",
                     *           "value": "+998901234567",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "email",
                     *           "value": "dilnoza@northwind.example",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "telegram",
                     *           "value": "@dilnoza_k",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         }
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "job_title": "Head of purchasing"
                 *     } */
                "application/json": components["schemas"]["ContactPatch"];
            };
        };
        responses: {
            /** @description The contact person at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "name": "Dilnoza Karimova",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "phone": "+998901234567",
                     *       "email": "dilnoza@northwind.example",
                     *       "telegram": "@dilnoza_k",
                     *       "job_title": "Purchasing manager",
                     *       "instagram": null,
                     *       "tags": [],
                     *       "is_archived": false,
                     *       "channels": [
                     *         {
                     *           "kind": "phone",
                     *           "value": "+998901234567",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "email",
                     *           "value": "dilnoza@northwind.example",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         },
                     *         {
                     *           "kind": "telegram",
                     *           "value": "@dilnoza_k",
                     *           "isPrimary": true,
                     *           "verified": false
                     *         }
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listDeals: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description only this client's deals */
                client_id?: string;
                /** @description only deals in this funnel */
                funnel_id?: string;
                /** @description stage name */
                stage?: string;
                /** @description part of the title */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deals. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DealList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDeal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "title": "Spring order: 40 display racks",
                 *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                 *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                 *       "amount": 12500.5,
                 *       "currency": "USD",
                 *       "stage": "Negotiation",
                 *       "source": "referral",
                 *       "tags": [
                 *         "retail"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["DealCreate"];
            };
        };
        responses: {
            /** @description The deal created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "title": "Spring order: 40 display racks",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "amount": 12500.5,
                     *       "currency": "USD",
                     *       "stage": "Negotiation",
                     *       "source": "referral",
                     *       "tags": [
                     *         "retail"
                     *       ],
                     *       "stage_id": "0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f",
                     *       "funnel_id": "0193b1d0-0000-7000-8000-000000000001",
                     *       "assignee_id": null,
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Deal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getDeal: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deal, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "title": "Spring order: 40 display racks",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "amount": 12500.5,
                     *       "currency": "USD",
                     *       "stage": "Negotiation",
                     *       "source": "referral",
                     *       "tags": [
                     *         "retail"
                     *       ],
                     *       "stage_id": "0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f",
                     *       "funnel_id": "0193b1d0-0000-7000-8000-000000000001",
                     *       "assignee_id": null,
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Deal"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDeal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "stage": "Won",
                 *       "amount": 13200
                 *     } */
                "application/json": components["schemas"]["DealPatch"];
            };
        };
        responses: {
            /** @description The deal at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
                     *       "version": 1,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2025-03-01T09:30:00.000+00:00",
                     *       "title": "Spring order: 40 display racks",
                     *       "client_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "contact_id": "0193b1d3-1a2b-7c3d-9e4f-5a6b7c8d9e0f",
                     *       "amount": 12500.5,
                     *       "currency": "USD",
                     *       "stage": "Negotiation",
                     *       "source": "referral",
                     *       "tags": [
                     *         "retail"
                     *       ],
                     *       "stage_id": "0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f",
                     *       "funnel_id": "0193b1d0-0000-7000-8000-000000000001",
                     *       "assignee_id": null,
                     *       "is_archived": false
                     *     } */
                    "application/json": components["schemas"]["Deal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The record changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description part of the name, SKU or barcode */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "name": "Oak shelf 80 cm",
                 *       "sku": "SH-OAK-080",
                 *       "unit": "pcs",
                 *       "item_type": "product",
                 *       "cost_per_unit": 24.5,
                 *       "price": 39.9,
                 *       "barcode": "4601234567890",
                 *       "manufacturer": "Fergana Woodworks"
                 *     } */
                "application/json": components["schemas"]["ProductCreate"];
            };
        };
        responses: {
            /** @description The product created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                     *       "name": "Oak shelf 80 cm",
                     *       "sku": "SH-OAK-080",
                     *       "unit": "pcs",
                     *       "item_type": "product",
                     *       "cost_per_unit": 24.5,
                     *       "price": 39.9,
                     *       "barcode": "4601234567890",
                     *       "manufacturer": "Fergana Woodworks",
                     *       "category_id": null,
                     *       "minStockLevel": 10,
                     *       "maxStockLevel": null,
                     *       "isArchived": false,
                     *       "version": 1
                     *     } */
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description An active product has this SKU (already_exists), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                     *       "name": "Oak shelf 80 cm",
                     *       "sku": "SH-OAK-080",
                     *       "unit": "pcs",
                     *       "item_type": "product",
                     *       "cost_per_unit": 24.5,
                     *       "price": 39.9,
                     *       "barcode": "4601234567890",
                     *       "manufacturer": "Fergana Woodworks",
                     *       "category_id": null,
                     *       "minStockLevel": 10,
                     *       "maxStockLevel": null,
                     *       "isArchived": false,
                     *       "version": 1
                     *     } */
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "price": 42,
                 *       "minStockLevel": 10
                 *     } */
                "application/json": components["schemas"]["ProductPatch"];
            };
        };
        responses: {
            /** @description The product at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                     *       "name": "Oak shelf 80 cm",
                     *       "sku": "SH-OAK-080",
                     *       "unit": "pcs",
                     *       "item_type": "product",
                     *       "cost_per_unit": 24.5,
                     *       "price": 39.9,
                     *       "barcode": "4601234567890",
                     *       "manufacturer": "Fergana Woodworks",
                     *       "category_id": null,
                     *       "minStockLevel": 10,
                     *       "maxStockLevel": null,
                     *       "isArchived": false,
                     *       "version": 1
                     *     } */
                    "application/json": components["schemas"]["Product"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The product changed since the If-Match version (stale_version), or another active product has the SKU (already_exists). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listWarehouses: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of warehouses. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WarehouseList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWarehouse: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The warehouse. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e1-0000-7000-8000-00000000a001",
                     *       "name": "Main warehouse",
                     *       "code": "MAIN",
                     *       "city": "Tashkent",
                     *       "address_line": "12 Amir Temur Ave",
                     *       "isDefault": true,
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["Warehouse"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listStock: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description only this warehouse */
                warehouse_id?: string;
                /** @description only this item */
                item_id?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of stock balances. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockBalanceList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMovements: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description movements from or to this warehouse */
                warehouse_id?: string;
                /** @description movements with a line of this item */
                item_id?: string;
                kind?: "in" | "out" | "transfer" | "adjustment" | "produce" | "consume";
                /** @description the next_cursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of movements. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MovementPage"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMovement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "kind": "in",
                 *       "warehouse_id": "0193b1e1-0000-7000-8000-00000000a001",
                 *       "lines": [
                 *         {
                 *           "item_id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                 *           "qty": "40",
                 *           "cost_per_unit": "24.50"
                 *         }
                 *       ],
                 *       "notes": "Delivery from Fergana Woodworks",
                 *       "reference_type": "purchase_invoice",
                 *       "reference_id": "INV-2025-0312"
                 *     } */
                "application/json": components["schemas"]["MovementCreate"];
            };
        };
        responses: {
            /** @description The movement posted. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e3-2222-7000-8000-000000000001",
                     *       "kind": "in",
                     *       "date": "2025-03-01T09:30:00.000",
                     *       "from_warehouse_id": null,
                     *       "to_warehouse_id": "0193b1e1-0000-7000-8000-00000000a001",
                     *       "reason": "Delivery from Fergana Woodworks",
                     *       "reference_type": "purchase_invoice",
                     *       "reference_id": "INV-2025-0312",
                     *       "created_by_user_id": "0193b1c0-0000-7000-8000-000000000001",
                     *       "lines": [
                     *         {
                     *           "id": "0193b1e3-2222-7000-8000-000000000002",
                     *           "item_id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                     *           "qty": "40.000",
                     *           "cost_per_unit": "24.50",
                     *           "cost_currency": "USD",
                     *           "batch_id": null,
                     *           "serial_numbers": null,
                     *           "notes": null
                     *         }
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Movement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getMovement: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The movement. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e3-2222-7000-8000-000000000001",
                     *       "kind": "in",
                     *       "date": "2025-03-01T09:30:00.000",
                     *       "from_warehouse_id": null,
                     *       "to_warehouse_id": "0193b1e1-0000-7000-8000-00000000a001",
                     *       "reason": "Delivery from Fergana Woodworks",
                     *       "reference_type": "purchase_invoice",
                     *       "reference_id": "INV-2025-0312",
                     *       "created_by_user_id": "0193b1c0-0000-7000-8000-000000000001",
                     *       "lines": [
                     *         {
                     *           "id": "0193b1e3-2222-7000-8000-000000000002",
                     *           "item_id": "0193b1e0-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
                     *           "qty": "40.000",
                     *           "cost_per_unit": "24.50",
                     *           "cost_currency": "USD",
                     *           "batch_id": null,
                     *           "serial_numbers": null,
                     *           "notes": null
                     *         }
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Movement"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFinanceRequests: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description only requests in this status */
                status?: "draft" | "pending" | "approved" | "rejected" | "paid";
                /** @description part of the title */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payment requests. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceRequestList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFinanceRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "title": "Office rent, March",
                 *       "amount": "12500.00",
                 *       "currency": "UZS",
                 *       "counterparty": "Tower Estates",
                 *       "category": "Rent",
                 *       "paymentDate": "2025-03-05"
                 *     } */
                "application/json": components["schemas"]["FinanceRequestCreate"];
            };
        };
        responses: {
            /** @description The payment request created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getFinanceRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment request, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFinanceRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "status": "approved"
                 *     } */
                "application/json": components["schemas"]["FinanceRequestPatch"];
            };
        };
        responses: {
            /** @description The payment request at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The token lacks finance:write; or the transition needs a role right the owner lacks (insufficient_scope with details.required_right: finance.approve or finance.pay); or the requester tries to approve or reject their own request, or a member who changed its payment fields tries to approve it (self_approval); or someone else than the requester changes its fields or archives it (not_requester), or submits a draft (not_requester). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The request changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Invalid input (validation_error): a transition the table does not allow, a change to a frozen field, an approver approving twice, a bad amount, archiving an approved or paid request (isArchived), approving or paying an archived one (status). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listFinanceRequestsByCategoryId: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
                /** @description only requests in this status */
                status?: "draft" | "pending" | "approved" | "rejected" | "paid";
                /** @description part of the title */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payment requests. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceRequestList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFinanceRequestByCategoryId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "title": "Server hosting",
                 *       "amount": 120.5,
                 *       "currency": "USD",
                 *       "category_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                 *       "comment": "Annual plan"
                 *     } */
                "application/json": components["schemas"]["FinanceRequestCreateById"];
            };
        };
        responses: {
            /** @description The payment request created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The id is taken (duplicate_id, with details.id), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getFinanceRequestByCategoryId: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment request, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFinanceRequestByCategoryId: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "status": "approved"
                 *     } */
                "application/json": components["schemas"]["FinanceRequestPatch"];
            };
        };
        responses: {
            /** @description The payment request at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-1111-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Office rent, March",
                     *       "amount": "12500.00",
                     *       "currency": "UZS",
                     *       "category": "Rent",
                     *       "counterparty": "Tower Estates",
                     *       "counterpartyInn": null,
                     *       "status": "pending",
                     *       "paymentDate": "2025-03-05",
                     *       "invoiceNumber": null,
                     *       "vatAmount": "0.00",
                     *       "amountWithVat": "12500.00",
                     *       "requestedBy": "0193b1e0-2222-7a10-8f3e-5b2a9c1d4e6f",
                     *       "description": null,
                     *       "createdAt": "2025-03-01T09:30:00.000+00:00",
                     *       "isArchived": false
                     *     } */
                    "application/json": components["schemas"]["FinanceRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The token lacks finance:write; or the transition needs a role right the owner lacks (insufficient_scope with details.required_right: finance.approve or finance.pay); or the requester tries to approve or reject their own request, or a member who changed its payment fields tries to approve it (self_approval); or someone else than the requester changes its fields or archives it (not_requester), or submits a draft (not_requester). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The request changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Invalid input (validation_error): a transition the table does not allow, a change to a frozen field, an approver approving twice, a bad amount, archiving an approved or paid request (isArchived), approving or paying an archived one (status). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listFinanceCategories: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description also list archived records */
                include_archived?: boolean;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of finance categories. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceCategoryList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listReceivables: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description only this client's receivables */
                client_id?: string;
                /** @description only this deal's receivables */
                deal_id?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of receivables. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivableList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEmployees: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description employees of this department */
                department_id?: string;
                /** @description employees in this status */
                status?: "active" | "on_leave" | "dismissed";
                /** @description part of the full name */
                search?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of employees. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description exact status name */
                status?: string;
                /** @description tasks whose executor or co-executor is this user */
                assignee_id?: string;
                project_id?: string;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the tasks the caller sees. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "title": "Call Northwind about the spring order",
                 *       "description": "Confirm quantities and the delivery date.",
                 *       "priority": "high",
                 *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
                 *       "end_date": "2030-03-15",
                 *       "end_time": "18:00",
                 *       "tags": [
                 *         "sales"
                 *       ]
                 *     } */
                "application/json": components["schemas"]["TaskCreate"];
            };
        };
        responses: {
            /** @description The task created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Call Northwind about the spring order",
                     *       "description": "Confirm quantities and the delivery date.",
                     *       "priority": "high",
                     *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
                     *       "end_date": "2030-03-15",
                     *       "end_time": "18:00",
                     *       "tags": [
                     *         "sales"
                     *       ],
                     *       "status": "New",
                     *       "assignee_ids": [],
                     *       "project_id": null,
                     *       "start_date": null,
                     *       "deal_id": null,
                     *       "watcher_ids": [],
                     *       "created_by_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *       "is_archived": false,
                     *       "created_at": "2026-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2026-03-01T09:30:00.000+00:00"
                     *     } */
                    "application/json": components["schemas"]["Task"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The scope or right is missing, or a priority is set without the right tasks.set_priority. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task, with its version as ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Call Northwind about the spring order",
                     *       "description": "Confirm quantities and the delivery date.",
                     *       "priority": "high",
                     *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
                     *       "end_date": "2030-03-15",
                     *       "end_time": "18:00",
                     *       "tags": [
                     *         "sales"
                     *       ],
                     *       "status": "New",
                     *       "assignee_ids": [],
                     *       "project_id": null,
                     *       "start_date": null,
                     *       "deal_id": null,
                     *       "watcher_ids": [],
                     *       "created_by_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *       "is_archived": false,
                     *       "created_at": "2026-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2026-03-01T09:30:00.000+00:00"
                     *     } */
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "status": "In progress",
                 *       "end_date": "2030-03-20"
                 *     } */
                "application/json": components["schemas"]["TaskPatch"];
            };
        };
        responses: {
            /** @description The task at its new version (also the ETag). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "version": 1,
                     *       "title": "Call Northwind about the spring order",
                     *       "description": "Confirm quantities and the delivery date.",
                     *       "priority": "high",
                     *       "assignee_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
                     *       "end_date": "2030-03-15",
                     *       "end_time": "18:00",
                     *       "tags": [
                     *         "sales"
                     *       ],
                     *       "status": "New",
                     *       "assignee_ids": [],
                     *       "project_id": null,
                     *       "start_date": null,
                     *       "deal_id": null,
                     *       "watcher_ids": [],
                     *       "created_by_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *       "is_archived": false,
                     *       "created_at": "2026-03-01T09:30:00.000+00:00",
                     *       "updated_at": "2026-03-01T09:30:00.000+00:00"
                     *     } */
                    "application/json": components["schemas"]["Task"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The scope or right is missing (insufficient_scope), the priority changes without the right tasks.set_priority (insufficient_scope), or someone other than the executor of a process stage task changes its status or archives it (executor_only, with details.executor_id). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The task changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The input is not valid, a status transition is not allowed, or the executor of a process stage task would change (validation_error; details.fields lists each field). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProductionOrders: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description only orders in this status */
                status?: "open" | "in_progress" | "paused" | "completed" | "cancelled";
                /** @description only orders in this pipeline */
                pipeline_id?: string;
                /** @description only orders made for this deal */
                deal_id?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of production orders. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductionOrderList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProductionOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The production order. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-3333-7a10-8f3e-5b2a9c1d4e6f",
                     *       "title": "Kitchen set for Alpha LLC",
                     *       "status": "open",
                     *       "pipelineId": "furniture",
                     *       "currentStageId": "cutting",
                     *       "dealId": "0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f",
                     *       "items": [
                     *         {
                     *           "name": "Cabinet",
                     *           "qty": 4
                     *         }
                     *       ],
                     *       "qtyToProduce": 4,
                     *       "qtyProduced": 0,
                     *       "customerName": "Alpha LLC",
                     *       "plannedDeliveryDate": "2025-04-15",
                     *       "monitorStatus": "on_track",
                     *       "currentStage": {
                     *         "id": "cutting",
                     *         "title": "Cutting"
                     *       }
                     *     } */
                    "application/json": components["schemas"]["ProductionOrderDetail"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCommercialOrders: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description only this deal's orders */
                deal_id?: string;
                /** @description only this client's orders (standalone ones included) */
                client_id?: string;
                /** @description only orders in this status */
                status?: "draft" | "sent" | "confirmed" | "approved" | "transferred" | "fulfilled";
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of commercial orders. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommercialOrderList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCommercialOrder: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The commercial order. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1e0-5555-7a10-8f3e-5b2a9c1d4e6f",
                     *       "deal_id": "0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f",
                     *       "client_id": "0193b1e0-6666-7a10-8f3e-5b2a9c1d4e6f",
                     *       "title": "Kitchen set",
                     *       "status": "confirmed",
                     *       "currency": "UZS",
                     *       "items": [
                     *         {
                     *           "name": "Cabinet",
                     *           "qty": 4,
                     *           "price": 1250000.5
                     *         }
                     *       ],
                     *       "production_order_id": null,
                     *       "approved_at": null,
                     *       "created_at": "2025-03-01T09:30:00.000+00:00"
                     *     } */
                    "application/json": components["schemas"]["CommercialOrder"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProcessTemplates: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of published templates. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessTemplateList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProcesses: {
        parameters: {
            query?: {
                /** @description page size, 1 to 200 */
                limit?: number;
                /** @description records to skip (each page costs the records skipped: prefer cursor for deep pages) */
                offset?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                status?: "running" | "completed" | "cancelled" | "failed";
                template_id?: string;
                entity_type?: "deal" | "client" | "task";
                entity_id?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the processes the caller sees. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startProcess: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "template_id": "deal-approval",
                 *       "entity_type": "deal",
                 *       "entity_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70",
                 *       "variables": {
                 *         "amount": 120000
                 *       }
                 *     } */
                "application/json": components["schemas"]["ProcessCreate"];
            };
        };
        responses: {
            /** @description The process started. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "template_id": "deal-approval",
                     *       "status": "running",
                     *       "current_stage_ids": [
                     *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e80"
                     *       ],
                     *       "started_at": "2026-03-01T09:30:00.000+00:00"
                     *     } */
                    "application/json": components["schemas"]["ProcessStarted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No process template of this id in the organization (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The template is not published (template_not_published), or the Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The input is not valid, or the template has no start stage (validation_error; details.fields lists each field). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    getProcess: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process with its stage instances. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Process"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelProcess: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process, cancelled, with its stages. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Process"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The caller sees the process but neither started it nor has the right bpm.admin (insufficient_scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No process of this id in the caller's sight (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The process has completed or failed (process_not_running). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listMeetings: {
        parameters: {
            query: {
                /** @description window start, ISO 8601 with offset */
                from: string;
                /** @description window end, after from, at most 366 days later */
                to: string;
                /** @description occurrences returned, 1 to 500 */
                limit?: number;
                /** @description extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived. */
                cursor?: string;
                /** @description extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one) */
                updated_since?: string;
            };
            header?: {
                /** @description An ETag from an earlier answer: when it is still current the answer is 304 without a body. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The occurrences of the window the caller sees. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeetingList"];
                };
            };
            /** @description Not modified: the If-None-Match tag is still current. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMeeting: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "title": "Weekly planning",
                 *       "start_at": "2030-03-25T10:00:00+02:00",
                 *       "end_at": "2030-03-25T10:45:00+02:00",
                 *       "participant_ids": [
                 *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70"
                 *       ],
                 *       "location": "Room 4",
                 *       "video_url": "https://meet.example.com/planning",
                 *       "summary": "Priorities of the week",
                 *       "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
                 *       "reminder_minutes": 15
                 *     } */
                "application/json": components["schemas"]["MeetingCreate"];
            };
        };
        responses: {
            /** @description The meeting booked (its first occurrence's times). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "title": "Weekly planning",
                     *       "start_at": "2030-03-25T10:00:00+02:00",
                     *       "end_at": "2030-03-25T10:45:00+02:00",
                     *       "location": "Room 4",
                     *       "video_url": "https://meet.example.com/planning",
                     *       "summary": "Priorities of the week",
                     *       "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
                     *       "reminder_minutes": 15,
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "duration_minutes": 45,
                     *       "version": 1,
                     *       "updated_at": "2030-03-01T09:12:00+00:00",
                     *       "owner_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *       "participantIds": [
                     *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70"
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The Idempotency-Key is in use (idempotency_in_progress). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    updateMeeting: {
        parameters: {
            query?: never;
            header?: {
                /** @description The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version. */
                "If-Match"?: string;
            };
            path: {
                /** @description the record id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {
                 *       "start_at": "2030-03-25T11:00:00+02:00",
                 *       "location": "Room 5"
                 *     } */
                "application/json": components["schemas"]["MeetingPatch"];
            };
        };
        responses: {
            /** @description The meeting at its new version (also the ETag), its first occurrence's times. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {
                     *       "title": "Weekly planning",
                     *       "start_at": "2030-03-25T10:00:00+02:00",
                     *       "end_at": "2030-03-25T10:45:00+02:00",
                     *       "location": "Room 4",
                     *       "video_url": "https://meet.example.com/planning",
                     *       "summary": "Priorities of the week",
                     *       "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
                     *       "reminder_minutes": 15,
                     *       "id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f",
                     *       "duration_minutes": 45,
                     *       "version": 1,
                     *       "updated_at": "2030-03-01T09:12:00+00:00",
                     *       "owner_user_id": "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *       "participantIds": [
                     *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71",
                     *         "0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70"
                     *       ]
                     *     } */
                    "application/json": components["schemas"]["Meeting"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The scope or right is missing (insufficient_scope), or the caller sees the meeting but neither owns it nor is an administrator (owner_only, with details.owner_user_id). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No meeting with this id that the caller sees (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The meeting changed since the If-Match version (stale_version, with details.expected_version). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The input is not valid (validation_error; details.fields names each field). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["InsufficientStorage"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description the next_cursor of the previous page; absent: from the oldest event kept */
                cursor?: string;
                /** @description events per page, 1 to 500 */
                limit?: number;
                /** @description comma-separated event names of the catalog, or * (every event; the default) */
                types?: string;
                /** @description record: each event's data also carries `record`, the record as its GET showed it right after the change (every catalog event: tasks, products, movements, meetings, clients, deals, payment requests, processes); a webhook subscription asks for the same with includeRecord */
                include?: "record";
                /** @description only events about this kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process */
                entity_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events and the cursor to read on from. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventFeedPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The token has neither admin:all nor a read scope of the feed's records (crm:read, inventory:read, finance:read, tasks:read, bpm:read, calendar:read), or not the one entity_type needs (insufficient_scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The cursor is older than the event retention period (cursor_expired): start again without a cursor. */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The input is not valid (validation_error): a cursor this API did not give, an event name outside the catalog, an unknown entity_type. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    webhook_client_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "client.created";
                    /** @description entityType and entityId, then the context of client.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "client";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the client as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_client_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "client.updated";
                    /** @description entityType and entityId, then the context of client.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "client";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the client as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deal_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "deal.created";
                    /** @description entityType and entityId, then the context of deal.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "deal";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the deal as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deal_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "deal.updated";
                    /** @description entityType and entityId, then the context of deal.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "deal";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the deal as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deal_won: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "deal.won";
                    /** @description entityType and entityId, then the context of deal.won; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "deal";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        stageId: string;
                        stage: string;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the deal as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_deal_lost: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "deal.lost";
                    /** @description entityType and entityId, then the context of deal.lost; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "deal";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        stageId: string;
                        stage: string;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the deal as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_finance_request_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "finance_request.created";
                    /** @description entityType and entityId, then the context of finance_request.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "finance_request";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the finance_request as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_finance_request_approved: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "finance_request.approved";
                    /** @description entityType and entityId, then the context of finance_request.approved; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "finance_request";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the finance_request as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_finance_request_paid: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "finance_request.paid";
                    /** @description entityType and entityId, then the context of finance_request.paid; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "finance_request";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the finance_request as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_finance_request_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "finance_request.rejected";
                    /** @description entityType and entityId, then the context of finance_request.rejected; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "finance_request";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the finance_request as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_contact_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "contact.created";
                    /** @description entityType and entityId, then the context of contact.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "contact";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the contact as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_contact_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "contact.updated";
                    /** @description entityType and entityId, then the context of contact.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "contact";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the contact as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_contact_archived: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "contact.archived";
                    /** @description entityType and entityId, then the context of contact.archived; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "contact";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the contact as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "task.created";
                    /** @description entityType and entityId, then the context of task.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "task";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the task as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "task.updated";
                    /** @description entityType and entityId, then the context of task.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "task";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the task as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_status_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "task.status_changed";
                    /** @description entityType and entityId, then the context of task.status_changed; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "task";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        fromStatus: string;
                        status: string;
                        closedAs: "completed" | "cancelled" | null;
                        actorUserId: string;
                        asRight?: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the task as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_assigned: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "task.assigned";
                    /** @description entityType and entityId, then the context of task.assigned; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "task";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        title: string;
                        assigneeId: string | null;
                        assigneeIds: string[];
                        assignedUserIds: string[];
                        actorUserId: string;
                        endDate: string | null;
                        endTime: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the task as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "product.created";
                    /** @description entityType and entityId, then the context of product.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "product";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the product as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_product_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "product.updated";
                    /** @description entityType and entityId, then the context of product.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "product";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the product as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_movement_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "movement.created";
                    /** @description entityType and entityId, then the context of movement.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "movement";
                        /** @description the record id */
                        entityId: string;
                        kind: string;
                        stockChanges: {
                            warehouseId: string;
                            itemId: string;
                            change: number;
                        }[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the movement as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_meeting_created: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "meeting.created";
                    /** @description entityType and entityId, then the context of meeting.created; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "meeting";
                        /** @description the record id */
                        entityId: string;
                        title: string;
                        startAt: string;
                        endAt: string;
                        location: string | null;
                        videoUrl: string | null;
                        recurrenceRule: string | null;
                        ownerUserId: string;
                        participantIds: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the meeting as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_meeting_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "meeting.updated";
                    /** @description entityType and entityId, then the context of meeting.updated; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "meeting";
                        /** @description the record id */
                        entityId: string;
                        version: number;
                        changedFields: string[];
                        /** @description beyond the spec, only for a subscription created with includeRecord: the meeting as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_process_started: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "process.started";
                    /** @description entityType and entityId, then the context of process.started; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "process";
                        /** @description the record id */
                        entityId: string;
                        templateId: string;
                        actorUserId: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the process as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_process_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "process.completed";
                    /** @description entityType and entityId, then the context of process.completed; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "process";
                        /** @description the record id */
                        entityId: string;
                        templateId: string;
                        actorUserId: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the process as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_process_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "process.failed";
                    /** @description entityType and entityId, then the context of process.failed; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "process";
                        /** @description the record id */
                        entityId: string;
                        templateId: string;
                        actorUserId: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the process as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_process_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "process.cancelled";
                    /** @description entityType and entityId, then the context of process.cancelled; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "process";
                        /** @description the record id */
                        entityId: string;
                        templateId: string;
                        actorUserId: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the process as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_process_stage_decided: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"] & {
                    /** @enum {string} */
                    event: "process.stage_decided";
                    /** @description entityType and entityId, then the context of process.stage_decided; record only for a subscription with includeRecord */
                    data: {
                        /**
                         * @description the kind of record
                         * @enum {string}
                         */
                        entityType: "process";
                        /** @description the record id */
                        entityId: string;
                        templateId: string;
                        stageInstanceId: string;
                        stageTitle: string;
                        /** @enum {string} */
                        decision: "approved" | "rejected";
                        actorUserId: string | null;
                        /** @description beyond the spec, only for a subscription created with includeRecord: the process as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none */
                        record?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /** @description Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time. */
                "X-Webhook-Signature": string;
                /** @description The event id: the same on every attempt of one event, so a receiver can drop repeats. */
                "X-Webhook-Id": string;
                /** @description When this attempt was sent, in Unix seconds. */
                "X-Webhook-Timestamp": string;
                /** @description Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection. */
                "X-Webhook-Signature-V2"?: string;
                /** @description Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestPayload"];
            };
        };
        responses: {
            /** @description Received; any other answer (or none within the time-out) is retried. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
