# Symbols: constructors, attributes, printing, order, hashing, parse_term.
import clingo
from clingo import Function, Infimum, Number, String, Supremum, SymbolType, Tuple_, parse_term


def attempt(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:  # the exception's type is part of the API
        print(label, "->", type(e).__name__)


syms = [
    Number(3), Number(-7), String('a"b\\c\nd'), Function("f", [Number(1), Function("a")]),
    Function("a"), Function("a", [], False), Function("g", [Number(1)], False),
    Tuple_([Number(1)]), Tuple_([]), Tuple_([Number(1), String("x")]), Infimum, Supremum,
    Function("", [Number(2)]),
]
for s in syms:
    print(str(s), "|", repr(s), "|", s.type, "|", s.type.value)
print(sorted(syms))
print([str(s) for s in sorted(syms, reverse=True)])
print(Number(1) < Number(2), Number(2) < Function("a"), Function("a") < String("a"),
      String("z") < Function("f", [Number(1)]), Function("a", [], False) > Function("b"))
print(Number(1) == Number(1), Number(1) != Number(2), Function("f", [Number(1)]) == Function("f", [Number(1)]))
print(len({Number(1), Number(1), Function("a"), Function("a"), String("a")}))
print(hash(Function("f", [Number(1)])) == hash(Function("f", [Number(1)])))
f = Function("f", [Number(1), String("s")], False)
print(f.name, f.arguments, f.positive, f.negative, f.match("f", 2), f.match("f", 1), f.match("g", 2))
print(Number(5).number, String("q").string, Tuple_([Number(1)]).name == "")
attempt("number of a function", lambda: f.number)
attempt("string of a number", lambda: Number(1).string)
attempt("name of a number", lambda: Number(1).name)
attempt("overflow", lambda: Number(2 ** 40))
print(list(SymbolType), [m.value for m in SymbolType])
print(SymbolType.Number < SymbolType.String, SymbolType.Function > SymbolType.Infimum)
for text in ["f(1+2,-g(a))", '"x\\"y"', "-3", "#inf", "#sup", "(1,2)", "(a,)", "2**10", "7\\3", "-f(1)", "|-4|", "p(\"s\",(1,))"]:
    attempt(text, lambda: parse_term(text))
    print("  str:", str(parse_term(text)))
for bad in ["1/0", "X", "p(", "1..2", "1;2", "f(X)", ""]:
    attempt(bad, lambda: parse_term(bad))

# clingo 5 reads `;;` as two `;`: an empty pool element between them
ctl = clingo.Control(["0"])
ctl.add("base", [], "p(1;;2). q((1;;2)).")
ctl.ground([("base", [])])
ctl.solve(on_model=lambda m: print(sorted(str(s) for s in m.symbols(shown=True))))
