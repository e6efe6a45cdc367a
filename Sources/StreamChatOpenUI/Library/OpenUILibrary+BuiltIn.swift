extension OpenUILibrary {
    /// A group of the built-in libraries: its components as signature lines with descriptions.
    struct GroupLines {
        var name: String
        var lines: [(signature: String, description: String)]
        var notes: [String] = []
    }

    /// A library from signature lines, grouped for the prompt.
    static func fromSignatures(id: String, version: String, root: String, groups: [GroupLines]) -> OpenUILibrary {
        let names = Set(groups.flatMap(\.lines).map { String($0.signature.prefix { $0 != "(" }) })
        var components: [Entry] = []
        var outGroups: [Group] = []
        for g in groups {
            let entries = g.lines.map { OpenUISignature.entry($0.signature, description: $0.description, components: names) }
            components += entries
            outGroups.append(Group(g.name, entries.map(\.name), notes: g.notes))
        }
        return OpenUILibrary(id: id, version: version, root: root, components: components, groups: outGroups)
    }

    /// What a content slot takes in most containers.
    static let contentUnion = "TextContent | MarkDownRenderer | CardHeader | Callout | TextCallout | CodeBlock | Image | ImageBlock | "
        + "ImageGallery | Separator | HorizontalBarChart | RadarChart | PieChart | RadialChart | SingleStackedBarChart | ScatterChart | "
        + "AreaChart | BarChart | LineChart | Table | TagBlock | Form | Buttons | Steps"

    static let rulesType = "{required?: boolean, email?: boolean, url?: boolean, numeric?: boolean, min?: number, max?: number, "
        + "minLength?: number, maxLength?: number, pattern?: string}"

    /// The components both built-in libraries share, by group.
    static func sharedGroups(formsNote: String) -> [GroupLines] {
        [
            GroupLines(name: "Content", lines: [
                ("CardHeader(title?: string, subtitle?: string)", "A heading with an optional subtitle"),
                ("TextContent(text: string, size?: \"small\" | \"default\" | \"large\" | \"small-heavy\" | \"large-heavy\")", "A block of text; Markdown allowed"),
                ("MarkDownRenderer(textMarkdown: string, variant?: \"clear\" | \"card\" | \"sunk\")", "Markdown in an optional container"),
                ("Callout(variant: \"info\" | \"warning\" | \"error\" | \"success\" | \"neutral\", title: string, description: string, visible?: $binding<boolean>)",
                 "A banner; a bound visible hides it again after 3 s"),
                ("TextCallout(variant?: \"neutral\" | \"info\" | \"warning\" | \"success\" | \"danger\", title?: string, description?: string)", "Highlighted text"),
                ("Image(alt: string, src?: string)", "An image, with text for when it can't show"),
                ("ImageBlock(src: string, alt?: string)", "An image that shows a placeholder while it loads"),
                ("ImageGallery(images: {src: string, alt?: string, details?: string}[])", "A grid of images that open larger"),
                ("CodeBlock(language: string, codeString: string)", "Code with syntax highlighting"),
                ("Separator(orientation?: \"horizontal\" | \"vertical\", decorative?: boolean)", "A line between sections"),
            ]),
            GroupLines(name: "Tables", lines: [
                ("Table(columns: Col[])", "A table built from columns"),
                ("Col(label: string, data: any, type?: \"string\" | \"number\" | \"action\")", "One column: its header and its cells, top to bottom"),
            ], notes: ["Tables are column-oriented: each Col holds its own list of cells, often a pluck such as data.rows.title"]),
            GroupLines(name: "Charts (2D)", lines: [
                ("BarChart(labels: string[], series: Series[], variant?: \"grouped\" | \"stacked\", xLabel?: string, yLabel?: string)", "Vertical bars comparing categories"),
                ("LineChart(labels: string[], series: Series[], variant?: \"linear\" | \"natural\" | \"step\", xLabel?: string, yLabel?: string)", "Lines for trends over time"),
                ("AreaChart(labels: string[], series: Series[], variant?: \"linear\" | \"natural\" | \"step\", xLabel?: string, yLabel?: string)", "Filled lines for totals over time"),
                ("RadarChart(labels: string[], series: Series[])", "Several variables compared on spokes"),
                ("HorizontalBarChart(labels: string[], series: Series[], variant?: \"grouped\" | \"stacked\", xLabel?: string, yLabel?: string)", "Horizontal bars, for long labels or rankings"),
                ("Series(category: string, values: number[])", "One named series of numbers"),
            ]),
            GroupLines(name: "Charts (1D)", lines: [
                ("PieChart(labels: string[], values: number[], variant?: \"pie\" | \"donut\")", "Shares of a whole"),
                ("RadialChart(labels: string[], values: number[])", "Values as rings"),
                ("SingleStackedBarChart(labels: string[], values: number[])", "Shares of a whole in one bar"),
                ("Slice(category: string, value: number)", "One labelled value"),
            ], notes: ["Charts take numbers: aggregate lists with @Count(@Filter(...)) or @Sum first"]),
            GroupLines(name: "Charts (Scatter)", lines: [
                ("ScatterChart(datasets: ScatterSeries[], xLabel?: string, yLabel?: string)", "Points on two axes, for correlations"),
                ("ScatterSeries(name: string, points: Point[])", "One named set of points"),
                ("Point(x: number, y: number, z?: number)", "A point; z sizes it"),
            ]),
            GroupLines(name: "Forms", lines: [
                ("Form(name: string, buttons: Buttons, fields?: FormControl[] = [])", "A form: its buttons, then its fields"),
                ("FormControl(label: string, input: Input | TextArea | Select | DatePicker | Slider | CheckBoxGroup | RadioGroup, hint?: string)", "A labelled field"),
                ("Label(text: string)", "A label"),
                ("Input(name: string, placeholder?: string, type?: \"text\" | \"email\" | \"password\" | \"number\" | \"url\", rules?: \(rulesType), value?: $binding<string>)", "A one-line text field"),
                ("TextArea(name: string, placeholder?: string, rows?: number, rules?: \(rulesType), value?: $binding<string>)", "A text field of several lines"),
                ("Select(name: string, items: SelectItem[], placeholder?: string, rules?: \(rulesType), value?: $binding<string>)", "A drop-down choice"),
                ("SelectItem(value: string, label: string)", "One option of a Select"),
                ("DatePicker(name: string, mode?: \"single\" | \"range\", rules?: \(rulesType), value?: $binding<any>)", "A date or a range of dates"),
                ("Slider(name: string, variant: \"continuous\" | \"discrete\", min: number, max: number, step?: number, defaultValue?: number[], label?: string, rules?: \(rulesType), value?: $binding<number[]>)",
                 "A number (or range) picked on a track"),
                ("CheckBoxGroup(name: string, items: CheckBoxItem[], rules?: \(rulesType), value?: $binding<Record<string, boolean>>)", "Boxes to tick, several at once"),
                ("CheckBoxItem(label: string, description: string, name: string, defaultChecked?: boolean)", "One box of a CheckBoxGroup"),
                ("RadioGroup(name: string, items: RadioItem[], defaultValue?: string, rules?: \(rulesType), value?: $binding<string>)", "One choice among a few, all shown"),
                ("RadioItem(label: string, description: string, value: string)", "One choice of a RadioGroup"),
                ("SwitchGroup(name: string, items: SwitchItem[], variant?: \"clear\" | \"card\" | \"sunk\", value?: $binding<Record<string, boolean>>)", "Switches to turn on and off"),
                ("SwitchItem(label?: string, description?: string, name: string, defaultChecked?: boolean)", "One switch of a SwitchGroup"),
            ], notes: [formsNote, "rules is an object such as {required: true, email: true, maxLength: 80}; the app shows the messages"]),
            GroupLines(name: "Buttons", lines: [
                ("Button(label: string, action?: ActionExpression, variant?: \"primary\" | \"secondary\" | \"tertiary\", type?: \"normal\" | \"destructive\", size?: \"extra-small\" | \"small\" | \"medium\" | \"large\")",
                 "A button; without an action its label goes to the assistant"),
                ("Buttons(buttons: Button[], direction?: \"row\" | \"column\")", "A row or column of buttons"),
            ]),
        ]
    }

    // Built on each use, not kept in a global: what a host holds is freed with it (and leak checkers,
    // which can't follow Swift's tagged enum pointers out of static storage, see nothing lost).
    /// The chat library (the default): every reply is one `Card`.
    public static var chat: OpenUILibrary {
        var groups = sharedGroups(formsNote: "Define each FormControl as its own statement so the form streams field by field")
        groups.insert(GroupLines(name: "Lists & Follow-ups", lines: [
            ("ListBlock(items: ListItem[], variant?: \"number\" | \"image\")", "A numbered or illustrated list"),
            ("ListItem(title: string, subtitle?: string, image?: {src: string, alt: string}, actionLabel?: string, action?: ActionExpression)",
             "An item of a ListBlock; with an action it can be tapped"),
            ("FollowUpBlock(items: FollowUpItem[])", "Suggested next questions, at the end of a reply"),
            ("FollowUpItem(text: string)", "A suggestion; tapping it sends its text as the user's message"),
        ]), at: groups.count)
        groups.append(GroupLines(name: "Sections", lines: [
            ("SectionBlock(sections: SectionItem[], isFoldable?: boolean)", "Sections that fold open; they open as they arrive"),
            ("SectionItem(value: string, trigger: string, content: (\(contentUnion) | ListBlock | FollowUpBlock)[])", "One section: its id, its heading, its content"),
        ]))
        groups.append(GroupLines(name: "Layout", lines: [
            ("Tabs(items: TabItem[])", "Views side by side, one shown at a time"),
            ("TabItem(value: string, trigger: string, content: (\(contentUnion))[])", "One tab: its id, its label, its content"),
            ("Accordion(items: AccordionItem[])", "Sections that fold"),
            ("AccordionItem(value: string, trigger: string, content: (\(contentUnion))[])", "One section: its id, its heading, its content"),
            ("Steps(items: StepsItem[])", "Numbered steps"),
            ("StepsItem(title: string, details: string)", "One step"),
            ("Carousel(children: (\(contentUnion))[][], variant?: \"card\" | \"sunk\")", "Slides that scroll sideways; each slide is a list"),
        ]))
        groups.append(GroupLines(name: "Data Display", lines: [
            ("TagBlock(tags: string[])", "A row of tags"),
            ("Tag(text: string, icon?: string, size?: \"sm\" | \"md\" | \"lg\", variant?: \"neutral\" | \"info\" | \"success\" | \"warning\" | \"danger\")", "A small label"),
        ]))
        groups.append(GroupLines(name: "Other", lines: [
            ("Card(children: (\(contentUnion) | ListBlock | FollowUpBlock | SectionBlock | Tabs | Carousel)[])", "The reply: everything it shows, top to bottom"),
        ]))
        return fromSignatures(id: "openui-chat", version: "1.0.0", root: "Card", groups: groups)
    }

    /// The standard library: pages built from `Stack`s, with cards, modals and layout props.
    public static var standard: OpenUILibrary {
        var groups = sharedGroups(formsNote: "Never put a Form inside another Form")
        let flex = "direction?: \"row\" | \"column\", gap?: \"none\" | \"xs\" | \"s\" | \"m\" | \"l\" | \"xl\" | \"2xl\", "
            + "align?: \"start\" | \"center\" | \"end\" | \"stretch\" | \"baseline\", justify?: \"start\" | \"center\" | \"end\" | \"between\" | \"around\" | \"evenly\", wrap?: boolean"
        groups.insert(GroupLines(name: "Layout", lines: [
            ("Stack(children: any[], \(flex))", "Children in a column (or a row); the page's root"),
            ("Tabs(items: TabItem[])", "Views side by side, one shown at a time"),
            ("TabItem(value: string, trigger: string, content: (\(contentUnion))[])", "One tab: its id, its label, its content"),
            ("Accordion(items: AccordionItem[])", "Sections that fold"),
            ("AccordionItem(value: string, trigger: string, content: (\(contentUnion))[])", "One section: its id, its heading, its content"),
            ("Steps(items: StepsItem[])", "Numbered steps"),
            ("StepsItem(title: string, details: string)", "One step"),
            ("Carousel(children: (\(contentUnion))[][], variant?: \"card\" | \"sunk\")", "Slides that scroll sideways; each slide is a list"),
            ("Modal(title: string, open?: $binding<boolean>, children: (\(contentUnion))[], size?: \"sm\" | \"md\" | \"lg\")",
             "A dialog; closing it writes false to its bound variable"),
        ], notes: ["For a grid, use a Stack with direction \"row\" and wrap true"]), at: 0)
        groups[1].lines.insert(("Card(children: (\(contentUnion) | Stack)[], variant?: \"card\" | \"sunk\" | \"clear\", \(flex))",
                                "A full-width container that lays out its children like a Stack"), at: 0)
        groups.append(GroupLines(name: "Data Display", lines: [
            ("TagBlock(tags: string[])", "A row of tags"),
            ("Tag(text: string, icon?: string, size?: \"sm\" | \"md\" | \"lg\", variant?: \"neutral\" | \"info\" | \"success\" | \"warning\" | \"danger\")", "A small label"),
        ]))
        return fromSignatures(id: "openui-standard", version: "1.0.0", root: "Stack", groups: groups)
    }
}
